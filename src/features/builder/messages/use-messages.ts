import { useCallback } from 'react'
import type { SnapshotFrom } from 'xstate'
import type { ThreadSummary } from '../../../../contract/messages'
import type { clientMachine } from '../../../../machines/client/client.machine'
import { useFreshThreads } from '../../../components/messages/use-fresh-threads'
import { useHeldList } from '../documents/use-documents'
import { useClientActor } from '../use-client'

type ClientSnapshot = SnapshotFrom<typeof clientMachine>

const selectThreads = (snapshot: ClientSnapshot) => snapshot.context.threads
const noAddresses = () => []

/**
 * The project's threads (GET /api/threads), read when a screen that shows them opens, again when
 * the tab regains focus and every 30 seconds while it is visible.
 */
export function useThreads() {
  const held = useHeldList('threads', selectThreads, noAddresses)
  useFreshThreads(held.retry)
  return held
}

/** How many messages wait unread on every thread, for the navigation. */
export const unreadTotal = (threads: readonly ThreadSummary[] | null) =>
  threads?.reduce((total, thread) => total + thread.unread, 0) ?? 0

/** The open thread's newest messages again, with the threads: what others wrote meanwhile. */
export function useFreshOpenThread() {
  const actor = useClientActor()
  const refresh = useCallback(() => actor.send({ type: 'thread.refreshed' }), [actor])
  useFreshThreads(refresh)
}
