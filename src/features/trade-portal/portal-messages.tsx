import { useActorRef } from '@xstate/react'
import { useCallback, useState } from 'react'
import type { StepSlug } from '../../../contract'
import type { StoredFile } from '../../../contract/documents'
import { threadsWithPorts } from '../../../machines/messages/threads.machine'
import type { ThreadsPorts } from '../../../machines/messages/threads.types'
import type { TradePortalPorts } from '../../../machines/trade-portal/trade-portal.types'
import { ActorThread } from '../../components/messages/actor-thread'
import { attachedFrom } from '../../components/messages/thread-view'
import { useFreshThreads } from '../../components/messages/use-fresh-threads'

/** The trade's one thread: no list of threads, nothing marked read. */
const stepThreadPorts = (ports: TradePortalPorts): ThreadsPorts => ({
  threads: async () => null,
  messages: (_thread, query) => ports.messages(query),
  post: (_thread, body) => ports.postMessage(body),
  read: async () => null,
})

/**
 * h2 "Messages" (PRODUCT.md §18, §19): the step's thread with the owner and the project's
 * managers, read again when the tab regains focus and every 30 seconds while it is visible.
 * An attachment among the files shared with the trade opens; any other is only named.
 */
export function PortalMessages({
  ports,
  step,
  files,
}: {
  ports: TradePortalPorts
  step: StepSlug
  files: StoredFile[]
}) {
  const [logic] = useState(() => threadsWithPorts(stepThreadPorts(ports)))
  const actor = useActorRef(logic, { input: { thread: step } })
  const refresh = useCallback(() => actor.send({ type: 'thread.refreshed' }), [actor])
  useFreshThreads(refresh)
  return (
    <div className="portal-card portal-messages">
      <ActorThread actor={actor} title="Messages" fileOf={attachedFrom(files)} />
    </div>
  )
}
