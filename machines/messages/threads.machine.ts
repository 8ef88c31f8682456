/**
 * A threads actor (PRODUCT.md §18): the list of a project's threads with their unread counts,
 * and one thread open — its messages paged back from the oldest held, marked read when read, and a message
 * sent. The manager's project page and the trade portal each run one over their own calls; the
 * builder keeps its threads in the client actor.
 */
import { assign, fromPromise, raise, setup, type ActorRefFrom } from 'xstate'
import type { Message, MessageBody, ThreadId, ThreadSummary } from '../../contract/messages'
import { callFailure } from '../shared/call-failure'
import { earliestOf, openThread, withMessage, withPage } from './open-thread'
import type {
  ThreadsCall,
  ThreadsContext,
  ThreadsEvent,
  ThreadsInput,
  ThreadsPorts,
  ThreadPage,
} from './threads.types'

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} not provided`)
}

const SORRY = 'That did not work. Please try again.'

const openOf = (context: ThreadsContext) => {
  if (!context.open) throw new Error('no thread is open')
  return context.open.thread
}

/**
 * A thread opened: read from its newest page, whatever was under way. Handled by each state
 * rather than the region, whose re-entry would restart the list's region with it.
 */
const opened = {
  target: 'loading',
  reenter: true,
  actions: {
    type: 'open',
    params: ({ event }: { event: { thread: ThreadId } }) => ({ thread: event.thread }),
  },
} as const

/** A refused call goes back to idle, its reason kept for the part of the screen that made it. */
const failed = (call: ThreadsCall) =>
  ({
    target: 'idle',
    actions: {
      type: 'fail',
      params: ({ event }: { event: { error: unknown } }) => ({ call, error: event.error }),
    },
  }) as const

export const threadsMachine = setup({
  types: {
    context: {} as ThreadsContext,
    events: {} as ThreadsEvent,
    input: {} as ThreadsInput,
    tags: {} as 'busy',
  },
  actors: {
    threads: fromPromise<ThreadSummary[] | null>(notProvided('threads')),
    messages: fromPromise<Message[], ThreadPage>(notProvided('messages')),
    post: fromPromise<Message, { thread: ThreadId; body: MessageBody }>(notProvided('post')),
    read: fromPromise<ThreadSummary | null, { thread: ThreadId }>(notProvided('read')),
  },
  guards: {
    hasOpenThread: ({ context }) => context.open !== null,
    hasEarlier: ({ context }) => context.open?.earlier ?? false,
  },
  actions: {
    open: assign(({ context }, { thread }: { thread: ThreadId }) => ({
      open: openThread(context.open, thread),
      failure: null,
    })),
    takePage: assign(({ context }, { page }: { page: Message[] }) => ({
      open: withPage(context.open, page),
    })),
    takeMessage: assign(({ context }, { message }: { message: Message }) => ({
      open: withMessage(context.open, message),
    })),
    takeThreads: assign((_, { threads }: { threads: ThreadSummary[] | null }) => ({ threads })),
    /** A summary answered (a thread marked read) replaces its thread's in the list held. */
    takeSummary: assign(({ context }, { summary }: { summary: ThreadSummary | null }) => ({
      threads:
        summary && context.threads
          ? context.threads.map((t) => (t.thread === summary.thread ? summary : t))
          : context.threads,
    })),
    fail: assign((_, { call, error }: { call: ThreadsCall; error: unknown }) => ({
      failure: callFailure(call, error, SORRY),
    })),
    clearFailure: assign({ failure: null }),
  },
}).createMachine({
  id: 'threads',
  context: ({ input }) => ({
    threads: null,
    open: input.thread ? openThread(null, input.thread) : null,
    failure: null,
  }),
  type: 'parallel',
  states: {
    list: {
      initial: 'idle',
      states: {
        idle: { on: { 'threads.requested': 'reading' } },
        reading: {
          invoke: {
            src: 'threads',
            onDone: {
              target: 'idle',
              actions: { type: 'takeThreads', params: ({ event }) => ({ threads: event.output }) },
            },
            onError: failed('threads'),
          },
        },
      },
    },
    thread: {
      initial: 'closed',
      states: {
        closed: {
          always: { guard: 'hasOpenThread', target: 'loading' },
          on: { 'thread.opened': opened },
        },
        idle: {
          on: {
            'thread.opened': opened,
            'thread.refreshed': 'loading',
            'thread.earlierRequested': { guard: 'hasEarlier', target: 'loadingEarlier' },
            'message.sent': { target: 'sending', actions: 'clearFailure' },
          },
        },
        // The newest page; then the thread is marked read, as its reader now saw it.
        loading: {
          on: { 'thread.opened': opened },
          invoke: {
            src: 'messages',
            input: ({ context }) => ({ thread: openOf(context), query: {} }),
            onDone: {
              target: 'marking',
              actions: { type: 'takePage', params: ({ event }) => ({ page: event.output }) },
            },
            onError: failed('messages'),
          },
        },
        marking: {
          on: { 'thread.opened': opened },
          invoke: {
            src: 'read',
            input: ({ context }) => ({ thread: openOf(context) }),
            onDone: {
              target: 'idle',
              actions: { type: 'takeSummary', params: ({ event }) => ({ summary: event.output }) },
            },
            // Unread counts stay as they were: nothing the reader must act on.
            onError: 'idle',
          },
        },
        loadingEarlier: {
          on: { 'thread.opened': opened },
          invoke: {
            src: 'messages',
            input: ({ context }) => ({ thread: openOf(context), query: earliestOf(context.open) }),
            onDone: {
              target: 'idle',
              actions: { type: 'takePage', params: ({ event }) => ({ page: event.output }) },
            },
            onError: failed('messages'),
          },
        },
        sending: {
          tags: ['busy'],
          on: { 'thread.opened': opened },
          invoke: {
            src: 'post',
            input: ({ context, event }) => {
              if (event.type !== 'message.sent') throw new Error('a message sent without one')
              return { thread: openOf(context), body: event.body }
            },
            onDone: {
              target: 'idle',
              actions: [
                { type: 'takeMessage', params: ({ event }) => ({ message: event.output }) },
                // The thread's last message moved.
                raise({ type: 'threads.requested' }),
              ],
            },
            onError: failed('post'),
          },
        },
      },
    },
  },
})

/** The machine with its effects: a manager's or a trade's calls, or a test's fakes. */
export const threadsWithPorts = (ports: ThreadsPorts) =>
  threadsMachine.provide({
    actors: {
      threads: fromPromise(() => ports.threads()),
      messages: fromPromise(({ input }) => ports.messages(input.thread, input.query)),
      post: fromPromise(({ input }) => ports.post(input.thread, input.body)),
      read: fromPromise(({ input }) => ports.read(input.thread)),
    },
  })

export type ThreadsActor = ActorRefFrom<typeof threadsMachine>
