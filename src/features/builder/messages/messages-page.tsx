import { useNavigate, useSearch } from '@tanstack/react-router'
import { useCallback, useEffect } from 'react'
import type { SnapshotFrom } from 'xstate'
import { PROJECT_THREAD, type MessageBody, type ThreadId } from '../../../../contract/messages'
import type { clientMachine } from '../../../../machines/client/client.machine'
import { FieldAlert } from '../../../components/form/field-alert'
import { MessageComposer } from '../../../components/messages/message-composer'
import { ThreadList } from '../../../components/messages/thread-list'
import { attachedFrom, ThreadView } from '../../../components/messages/thread-view'
import { useFiles } from '../documents/use-documents'
import { HeldView } from '../held-view'
import { useCallFor, useClient, useClientActor } from '../use-client'
import { AttachFiles } from './attach-files'
import { useFreshOpenThread, useThreads } from './use-messages'

type ClientSnapshot = SnapshotFrom<typeof clientMachine>

const selectOpen = (snapshot: ClientSnapshot) => snapshot.context.messages
/** A refused read of the open thread is kept with the threads' list's. */
const selectReadFailure = (snapshot: ClientSnapshot) =>
  snapshot.context.listFailures.threads ?? null
const hrefOf = (thread: ThreadId) => `/builder/messages?thread=${thread}`

/** The chosen ids as the composer hands them, the attachments as the form holds them. */
const attach = (fileIds: string[], change: (fileIds: string[]) => void) => (
  <AttachFiles fileIds={fileIds} onChange={change} />
)

/**
 * /builder/messages (PRODUCT.md §18, §19): the threads with their unread counts, then the one in
 * the address (`?thread=`, the project's by default) with its messages and "Message" and "Send".
 */
export function MessagesPage() {
  const actor = useClientActor()
  const threads = useThreads()
  const files = useFiles()
  const thread = useSearch({ from: '/builder/$page', select: (s) => s.thread }) ?? PROJECT_THREAD
  const navigate = useNavigate()
  const open = useClient(selectOpen)
  const readFailure = useClient(selectReadFailure)
  const post = useCallFor('postMessage')
  useFreshOpenThread()
  useEffect(() => actor.send({ type: 'thread.opened', thread }), [actor, thread])
  const openThread = useCallback(
    (next: ThreadId) =>
      void navigate({
        to: '/builder/$page',
        params: { page: 'messages' },
        search: { thread: next },
      }),
    [navigate],
  )
  const fileOf = attachedFrom(files.list)
  const title = threads.list?.find((t) => t.thread === thread)?.title ?? ''
  const shown = open?.thread === thread ? open : null
  return (
    <article className="messages-page">
      <h1>Messages</h1>
      <div className="messages-layout">
        <HeldView
          held={threads}
          failedTitle="Your messages did not load"
          loadingLabel="Loading your messages"
        >
          {(list) => (
            <ThreadList threads={list} current={thread} hrefOf={hrefOf} onOpen={openThread} />
          )}
        </HeldView>
        {threads.list && (
          <ThreadView
            title={title}
            messages={shown?.messages ?? null}
            earlier={shown?.earlier ?? false}
            onEarlier={() => actor.send({ type: 'thread.earlierRequested' })}
            fileOf={fileOf}
            failed={
              readFailure && (
                <FieldAlert message={readFailure}>
                  {' '}
                  <button
                    type="button"
                    className="button button-small button-secondary"
                    onClick={() => actor.send({ type: 'thread.opened', thread })}
                  >
                    Try again
                  </button>
                </FieldAlert>
              )
            }
          >
            <MessageComposer
              call={post}
              toCall={(body: MessageBody) => ({ name: 'postMessage' as const, thread, body })}
              attach={attach}
            />
          </ThreadView>
        )}
      </div>
    </article>
  )
}
