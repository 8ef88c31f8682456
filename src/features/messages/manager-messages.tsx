import { useActorRef, useSelector } from '@xstate/react'
import { useCallback, useEffect, useState } from 'react'
import type { StoredFile } from '../../../contract/documents'
import { PROJECT_THREAD, type ThreadId } from '../../../contract/messages'
import { threadsWithPorts } from '../../../machines/messages/threads.machine'
import { useProjectThreadPorts } from '../../app/project-threads-context'
import { FieldAlert } from '../../components/form/field-alert'
import { ActorThread } from '../../components/messages/actor-thread'
import { ThreadList } from '../../components/messages/thread-list'
import { attachedFrom } from '../../components/messages/thread-view'
import { useFreshThreads } from '../../components/messages/use-fresh-threads'
import { Spinner } from '../../components/spinner'
import '../../components/messages/messages.css'

/** The thread's address on the project's page, so it opens in a new tab too. */
const hrefOf = (thread: ThreadId) => `?thread=${thread}`

/**
 * The "Messages" of a project's page in Projects (PRODUCT.md §18): its threads with their unread
 * counts, the project's open first, and the open thread with "Message" and "Send" — the manager's
 * own threads actor over the project's thread calls. An attachment opens from the project's
 * files, as its Documents tab shows them.
 */
export function ManagerMessages({ clientId, files }: { clientId: string; files: StoredFile[] }) {
  const portsFor = useProjectThreadPorts()
  const [logic] = useState(() => threadsWithPorts(portsFor(clientId)))
  const actor = useActorRef(logic, { input: { thread: PROJECT_THREAD } })
  const threads = useSelector(actor, (s) => s.context.threads)
  const open = useSelector(actor, (s) => s.context.open?.thread ?? PROJECT_THREAD)
  const listFailure = useSelector(actor, (s) =>
    s.context.failure?.call === 'threads' ? s.context.failure.message : undefined,
  )
  const refresh = useCallback(() => {
    actor.send({ type: 'threads.requested' })
    actor.send({ type: 'thread.refreshed' })
  }, [actor])
  useEffect(() => actor.send({ type: 'threads.requested' }), [actor])
  useFreshThreads(refresh)
  const onOpen = useCallback(
    (thread: ThreadId) => actor.send({ type: 'thread.opened', thread }),
    [actor],
  )
  const title = threads?.find((t) => t.thread === open)?.title ?? 'Messages'
  return (
    <div className="messages-layout">
      {threads ? (
        <ThreadList threads={threads} current={open} hrefOf={hrefOf} onOpen={onOpen} />
      ) : listFailure ? (
        <FieldAlert message={listFailure} />
      ) : (
        <Spinner label="Loading the threads" />
      )}
      <ActorThread actor={actor} title={title} fileOf={attachedFrom(files)} />
    </div>
  )
}
