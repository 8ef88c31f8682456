import { clientSetup, persistContext } from './client.setup'
import type { ClientListName } from './client.types'
import type { NamedCall } from '../../contract/routes'

/** The read each reader makes: the list's own call, which takes nothing. */
const READS: { [L in ClientListName]: NamedCall<L> } = {
  poolData: { name: 'poolData' },
  timeline: { name: 'timeline' },
  money: { name: 'money' },
  notifications: { name: 'notifications' },
  files: { name: 'files' },
  logs: { name: 'logs' },
  warranties: { name: 'warranties' },
  trades: { name: 'trades' },
  notices: { name: 'notices' },
  checklists: { name: 'checklists' },
  bidRequests: { name: 'bidRequests' },
  scope: { name: 'scope' },
  equipment: { name: 'equipment' },
  startupLog: { name: 'startupLog' },
  passport: { name: 'passport' },
  threads: { name: 'threads' },
}

/** The lists the client actor reads, each in a region of its own made by `listReaderState`. */
export const READER_LISTS = Object.keys(READS) as readonly ClientListName[]

/**
 * The reader of one list (timeline, money, files …): a region of the client actor beside its
 * writes, so a read never waits for a write. It reads when a screen asks (`list.requested`) and
 * again when a write makes the list stale (`list.staled`) — if the list is held or being read:
 * a list never fetched is left for the screen that shows it. A read under way when the list
 * goes stale is started again, so an answer from before the write is not taken. Its `clientCall`
 * child, `read.<list>`, lives while it reads.
 */
export const listReaderState = (list: ClientListName) =>
  clientSetup.createStateConfig({
    initial: 'idle',
    states: {
      idle: {
        on: {
          'list.requested': {
            guard: { type: 'isList', params: ({ event }) => ({ asked: event.list, list }) },
            target: 'reading',
            actions: { type: 'forgetReadFailure', params: { list } },
          },
          'list.staled': {
            guard: { type: 'isHeldList', params: ({ event }) => ({ asked: event.list, list }) },
            target: 'reading',
          },
        },
      },
      reading: {
        on: {
          'list.staled': {
            guard: { type: 'isList', params: ({ event }) => ({ asked: event.list, list }) },
            target: 'reading',
            reenter: true,
          },
        },
        invoke: {
          id: `read.${list}`,
          src: 'clientCall',
          input: READS[list],
          onDone: {
            target: 'idle',
            actions: [
              { type: 'applyRead', params: ({ event }) => ({ result: event.output }) },
              persistContext,
            ],
          },
          onError: {
            target: 'idle',
            actions: {
              type: 'storeReadFailure',
              params: ({ event }) => ({ list, error: event.error }),
            },
          },
        },
      },
    },
  })
