import { raise } from 'xstate'
import type { MessagesQuery, ThreadId } from '../../contract/messages'
import { earliestOf } from '../messages/open-thread'
import { clientSetup } from './client.setup'
import type { ClientCall, ClientMachineContext } from './client.types'

const openOf = (context: ClientMachineContext): ThreadId => {
  if (!context.messages) throw new Error('no thread is open')
  return context.messages.thread
}

/** The open thread's newest page, or the page before its oldest message held. */
const pageOf = (context: ClientMachineContext, query: MessagesQuery = {}): ClientCall => ({
  name: 'threadMessages',
  thread: openOf(context),
  query,
})

const readFailed = {
  type: 'storeReadFailure',
  params: ({ event }: { event: { error: unknown } }) => ({
    list: 'threads' as const,
    error: event.error,
  }),
} as const

/**
 * A thread opened: read from its newest page, whatever was being read. Handled by each state
 * rather than the region, whose re-entry would restart the actor's other regions with it.
 */
const opened = {
  target: 'reading',
  reenter: true,
  actions: {
    type: 'openThread',
    params: ({ event }: { event: { thread: ThreadId } }) => ({ thread: event.thread }),
  },
} as const

/**
 * The Messages page's open thread (PRODUCT.md §18): a region of the client actor beside its
 * writes, as the list readers are. Opening a thread reads its newest messages, then marks it
 * read — a write, so the threads' unread counts move with its answer; "Load earlier messages"
 * reads the page before the oldest held. A refusal is kept with the threads' list's.
 */
export const openThreadState = clientSetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: {
      on: {
        'thread.opened': opened,
        'thread.refreshed': {
          guard: ({ context }) => context.messages !== null,
          target: 'reading',
        },
        'thread.earlierRequested': {
          guard: ({ context }) => context.messages?.earlier ?? false,
          target: 'readingEarlier',
        },
      },
    },
    reading: {
      on: { 'thread.opened': opened },
      invoke: {
        src: 'clientCall',
        input: ({ context }) => pageOf(context),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'applyRead', params: ({ event }) => ({ result: event.output }) },
            raise(({ context }) => ({
              type: 'client.callRequested' as const,
              call: { name: 'readThread' as const, thread: openOf(context) },
            })),
          ],
        },
        onError: { target: 'idle', actions: readFailed },
      },
    },
    readingEarlier: {
      on: { 'thread.opened': opened },
      invoke: {
        src: 'clientCall',
        input: ({ context }) => pageOf(context, earliestOf(context.messages)),
        onDone: {
          target: 'idle',
          actions: { type: 'applyRead', params: ({ event }) => ({ result: event.output }) },
        },
        onError: { target: 'idle', actions: readFailed },
      },
    },
  },
})
