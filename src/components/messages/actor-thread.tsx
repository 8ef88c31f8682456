import { useSelector } from '@xstate/react'
import type { MessageBody } from '../../../contract/messages'
import type { ThreadsActor } from '../../../machines/messages/threads.machine'
import { FieldAlert } from '../form/field-alert'
import type { FormCall } from '../form/form-call'
import { MessageComposer } from './message-composer'
import { ThreadView, type AttachedFile } from './thread-view'

type ActorThreadProps = {
  actor: ThreadsActor
  title: string
  /** The attachments the reader can open (see `attachedFrom`). */
  fileOf: (fileId: string) => AttachedFile | null
}

/** The composer's side of a threads actor: "Send" is busy while the message is on its way. */
function usePostCall(actor: ThreadsActor): FormCall<MessageBody> {
  const busy = useSelector(actor, (s) => s.hasTag('busy'))
  const failure = useSelector(actor, (s) =>
    s.context.failure?.call === 'post' ? s.context.failure : null,
  )
  return { run: (body) => actor.send({ type: 'message.sent', body }), busy, failure }
}

/** The open thread of a threads actor (a manager's, a trade's): its messages and the composer. */
export function ActorThread({ actor, title, fileOf }: ActorThreadProps) {
  const open = useSelector(actor, (s) => s.context.open)
  const readFailure = useSelector(actor, (s) =>
    s.context.failure?.call === 'messages' ? s.context.failure.message : undefined,
  )
  const call = usePostCall(actor)
  return (
    <ThreadView
      title={title}
      messages={open?.messages ?? null}
      earlier={open?.earlier ?? false}
      onEarlier={() => actor.send({ type: 'thread.earlierRequested' })}
      fileOf={fileOf}
    >
      <FieldAlert message={readFailure} />
      <MessageComposer call={call} toCall={(body) => body} />
    </ThreadView>
  )
}
