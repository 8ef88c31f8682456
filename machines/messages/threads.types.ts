import type {
  Message,
  MessageBody,
  MessagesQuery,
  ThreadId,
  ThreadSummary,
} from '../../contract/messages'
import type { CallFailure } from '../shared/call-failure'
import type { OpenThread } from './open-thread'

/** Which call a refusal belongs to: the list, a page of messages, or a message sent. */
export type ThreadsCall = 'threads' | 'messages' | 'post'

export type ThreadsContext = {
  /** The threads with their unread counts, once read; a trade has no list (null). */
  threads: ThreadSummary[] | null
  open: OpenThread | null
  failure: CallFailure<ThreadsCall> | null
}

/** A thread given opens it at once and for good: the trade's one thread, in its portal. */
export type ThreadsInput = { thread?: ThreadId | undefined }

export type ThreadsEvent =
  | { type: 'threads.requested' }
  | { type: 'thread.opened'; thread: ThreadId }
  /** The open thread's newest page again, e.g. when the tab regains focus. */
  | { type: 'thread.refreshed' }
  | { type: 'thread.earlierRequested' }
  | { type: 'message.sent'; body: MessageBody }

/** Which page of which thread: the newest, or the one before the query's message. */
export type ThreadPage = { thread: ThreadId; query: MessagesQuery }

/**
 * The effects of a threads actor: a manager's calls on one project, or a trade's on its step
 * (which has no list and marks nothing read: `threads` and `read` answer null).
 */
export type ThreadsPorts = {
  threads: () => Promise<ThreadSummary[] | null>
  /** A page of the thread: the newest, or those before the query's message. */
  messages: (thread: ThreadId, query: MessagesQuery) => Promise<Message[]>
  post: (thread: ThreadId, body: MessageBody) => Promise<Message>
  read: (thread: ThreadId) => Promise<ThreadSummary | null>
}
