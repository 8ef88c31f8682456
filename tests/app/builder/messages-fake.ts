import { MESSAGE_PAGE, THREAD_IDS, type Message, type ThreadId } from '../../../contract/messages'
import { STEPS } from '../../../contract/steps'
import type { ClientCall, ClientCallResult } from '../../../machines/client/client.machine'

/** The threads as the server holds them: their messages, and how many the owner has not read. */
export type MessagesSeed = { messages?: Message[]; unread?: Partial<Record<ThreadId, number>> }

const titleOf = (thread: ThreadId) =>
  thread === 'project' ? 'Project' : (STEPS.find((step) => step.route === thread)?.title ?? thread)

/** The owner's thread calls (PRODUCT.md §18) over threads held in memory. */
export function createFakeMessagesApi(seed: MessagesSeed = {}) {
  const held = [...(seed.messages ?? [])]
  const unread: Partial<Record<ThreadId, number>> = { ...seed.unread }
  let written = 0
  const summary = (thread: ThreadId) => ({
    thread,
    title: titleOf(thread),
    unread: unread[thread] ?? 0,
    last: held.filter((m) => m.thread === thread).at(-1) ?? null,
  })
  const handle = async (call: ClientCall): Promise<ClientCallResult> => {
    switch (call.name) {
      case 'threads':
        return { name: 'threads', data: THREAD_IDS.map(summary) }
      case 'threadMessages': {
        const before = call.query?.before
        const page = held.filter(
          (m) => m.thread === call.thread && (!before || m.createdAt < before),
        )
        return { name: 'threadMessages', data: page.slice(-MESSAGE_PAGE).reverse() }
      }
      case 'readThread':
        unread[call.thread] = 0
        return { name: 'readThread', data: summary(call.thread) }
      case 'postMessage': {
        written += 1
        const message: Message = {
          id: `00000000-0000-4000-8000-${String(9000 + written).padStart(12, '0')}`,
          thread: call.thread,
          author: { role: 'CLIENT', name: 'Pat Doe' },
          text: call.body.text,
          fileIds: call.body.fileIds ?? [],
          createdAt: new Date(Date.UTC(2026, 10, 20, 12, written)).toISOString(),
        }
        held.push(message)
        return { name: 'postMessage', data: message }
      }
      default:
        throw new Error(`${call.name} is not a thread call`)
    }
  }
  /** Another participant writes: the owner has one more unread. */
  const receive = (message: Message) => {
    held.push(message)
    unread[message.thread] = (unread[message.thread] ?? 0) + 1
  }
  return { handle, receive }
}
