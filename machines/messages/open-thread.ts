import {
  MESSAGE_PAGE,
  type Message,
  type MessagesQuery,
  type ThreadId,
} from '../../contract/messages'

/**
 * The thread a screen has open (PRODUCT.md §18): its messages read so far, oldest first, and
 * whether older ones may be left to page in before the oldest.
 */
export type OpenThread = {
  thread: ThreadId
  /** Null until its first page is answered. */
  messages: Message[] | null
  earlier: boolean
}

/** The thread opened: what is held of it stays if it was already open, else it starts empty. */
export const openThread = (held: OpenThread | null, thread: ThreadId): OpenThread =>
  held?.thread === thread ? held : { thread, messages: null, earlier: false }

/** The server's order: by time, and by id among messages of the same millisecond. */
const byTime = (a: Message, b: Message) =>
  a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id)

/** Where the next "Load earlier messages" starts: the oldest message held. */
export function earliestOf(held: OpenThread | null): MessagesQuery {
  const oldest = held?.messages?.[0]
  return oldest ? { before: oldest.createdAt, beforeId: oldest.id } : {}
}

/**
 * A page answered (the newest 50 before a time, in any order) merged with what is held, by id.
 * A page that reaches back to the oldest held message decides whether there are earlier ones: a
 * full page may have more behind it, a shorter one has not. Another thread's page is dropped.
 */
export function withPage(held: OpenThread | null, page: readonly Message[]): OpenThread | null {
  if (!held || page.some((message) => message.thread !== held.thread)) return held
  const known = held.messages ?? []
  const fresh = page.filter((message) => !known.some((k) => k.id === message.id))
  const messages = [...known, ...fresh].sort(byTime)
  const oldestHeld = known[0]?.createdAt
  const oldestPage = [...page].sort(byTime)[0]?.createdAt
  const reachesBack = !oldestHeld || !oldestPage || oldestPage <= oldestHeld
  return { ...held, messages, earlier: reachesBack ? page.length >= MESSAGE_PAGE : held.earlier }
}

/** A message written on the open thread joins it once; earlier pages are not its business. */
export const withMessage = (held: OpenThread | null, message: Message): OpenThread | null =>
  held !== null && held.thread === message.thread && held.messages
    ? {
        ...held,
        messages: [...held.messages.filter((m) => m.id !== message.id), message].sort(byTime),
      }
    : held
