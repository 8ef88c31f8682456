import {
  assertEvent,
  assign,
  fromPromise,
  or,
  raise,
  setup,
  stateIn,
  type ActorRefFrom,
} from 'xstate'
import { checkRows, type RowLists } from './admin-check'
import { applyFetchResult, adminCallFailure, initialAdminContext } from './admin-lists'
import { applyWrite, makesDataStale } from './admin-writes'
import { unprovided } from '../ports'
import type {
  AdminCall,
  AdminCallResult,
  AdminContext,
  AdminEvent,
  AdminFetchInput,
  AdminFetchResult,
  AdminInput,
  AdminMachineContext,
} from './admin.types'

/** Seed §9: admin data polling every 5 minutes. */
export const POLL_INTERVAL_MS = 5 * 60 * 1000

/**
 * The role only steers polling, a write in flight is not state and the clock is the app's; what
 * is saved is the seed's.
 */
const toStored = ({
  role: _role,
  pending: _pending,
  failure: _failure,
  now: _now,
  ...stored
}: AdminMachineContext): AdminContext => stored

/** Every data change hands the new state to `persist`; it reads the context after the update. */
const persistContext = {
  type: 'persist',
  params: ({ context }: { context: AdminMachineContext }) => toStored(context),
} as const

/** A write's answer is applied as the seed's admin-data updates say (admin-writes.ts), then saved. */
const applyResult = [
  {
    type: 'applyCallResult',
    params: ({ event }: { event: { output: AdminCallResult } }) => ({ result: event.output }),
  },
  persistContext,
] as const

const errorMessage = (error: unknown) =>
  error instanceof Error ? error.message : 'The admin data could not be loaded.'

/**
 * The admin data (seed §3–§4 "Admin data"): an ADMIN fetches at once and every 5 minutes, any
 * other role only holds what was restored. Lists change from fetches and from the answers of the
 * admin calls, and are persisted after every change (a 304 changes none). Spawned by the session
 * machine.
 */
export const adminMachine = setup({
  types: {
    context: {} as AdminMachineContext,
    events: {} as AdminEvent,
    input: {} as AdminInput,
    tags: {} as 'fetching' | 'busy',
  },
  actors: {
    /** Port: GET /api/admin/fetch with If-None-Match; a 304 resolves `notModified`. */
    fetchAdminData: fromPromise<AdminFetchResult, AdminFetchInput>(async () => {
      throw new Error('fetchAdminData not provided')
    }),
    /** The full check of the rows that the fetch took in after a first look (admin-check.ts). */
    checkRows: fromPromise<undefined, RowLists>(({ input, signal }) => checkRows(input, signal)),
    /** Port: one admin write (PRODUCT.md §4); resolves what it changed, rejects with the problem. */
    adminCall: fromPromise<AdminCallResult, AdminCall>(async () => {
      throw new Error('adminCall not provided')
    }),
  },
  actions: {
    storeFetchResult: assign(({ context }, params: { result: AdminFetchResult }) =>
      applyFetchResult(params.result, context.now()),
    ),
    storeFetchError: assign((_, params: { error: unknown }) => ({
      error: errorMessage(params.error),
    })),
    /** Rows that do not fit are not kept as current: the next poll asks for the whole answer. */
    storeCheckFailure: assign((_, params: { error: unknown }) => ({
      error: errorMessage(params.error),
      etag: null,
    })),
    toggleSidebar: assign(({ context }) => ({ isOpen: !context.isOpen })),
    startCall: assign((_, params: { call: AdminCall }) => ({
      pending: params.call,
      failure: null,
    })),
    /** The seed's admin-data update for what the write changed. */
    applyCallResult: assign(({ context }, params: { result: AdminCallResult }) =>
      applyWrite(context, params.result),
    ),
    endCall: assign({ pending: null }),
    storeCallFailure: assign(({ context }, params: { error: unknown }) =>
      context.pending
        ? { pending: null, failure: adminCallFailure(context.pending, params.error) }
        : {},
    ),
    dismissFailure: assign({ failure: null }),
    requestRefetch: raise({ type: 'admin.refreshRequested' }),
    /** Port: the app saves the state to IndexedDB under `admin`. Tests record it. */
    persist: (_, _stored: AdminContext) => unprovided('persist'),
  },
  guards: {
    isAdmin: ({ context }) => context.role === 'ADMIN',
    isNotModified: (_, result: AdminFetchResult) => result.status === 'notModified',
    /** The write's entry says the whole data is stale (`stale: ['adminData']`). */
    makesDataStale: ({ context }) => context.pending !== null && makesDataStale(context.pending),
  },
  delays: {
    pollInterval: POLL_INTERVAL_MS,
  },
}).createMachine({
  id: 'admin',
  context: ({ input }) => ({
    ...(input.restored ?? initialAdminContext()),
    role: input.role,
    pending: null,
    failure: null,
    now: input.now,
  }),
  type: 'parallel',
  states: {
    data: {
      initial: 'choosing',
      states: {
        choosing: {
          always: [{ guard: 'isAdmin', target: 'polling' }, { target: 'holding' }],
        },
        // Only an ADMIN may call the admin API; anyone else keeps the restored state and never asks.
        holding: {},
        polling: {
          initial: 'fetching',
          on: {
            // A refresh after a write must not be answered by a fetch that started before it.
            'admin.refreshRequested': { target: '.fetching', reenter: true },
          },
          states: {
            fetching: {
              tags: ['fetching'],
              invoke: {
                src: 'fetchAdminData',
                input: ({ context }) => ({ etag: context.etag }),
                onDone: [
                  {
                    // A 304 confirms what is stored: only the time it was confirmed is new, and
                    // rewriting every list to IndexedDB on each poll is not worth that.
                    guard: { type: 'isNotModified', params: ({ event }) => event.output },
                    target: 'waiting',
                    actions: {
                      type: 'storeFetchResult',
                      params: ({ event }) => ({ result: event.output }),
                    },
                  },
                  {
                    // The rows go on screen now; they are checked, then stored, after that.
                    target: 'checking',
                    actions: {
                      type: 'storeFetchResult',
                      params: ({ event }) => ({ result: event.output }),
                    },
                  },
                ],
                onError: {
                  // The data from before stays; only the error is new, so there is nothing to save.
                  target: 'waiting',
                  actions: {
                    type: 'storeFetchError',
                    params: ({ event }) => ({ error: event.error }),
                  },
                },
              },
            },
            // Still the fetch as the screens see it (Refresh stays busy): the answer is not
            // current until its rows are checked.
            checking: {
              tags: ['fetching'],
              invoke: {
                src: 'checkRows',
                input: ({ context }) => ({
                  Clients: context.Clients,
                  UsersWithPerks: context.UsersWithPerks,
                  UsersOnWaitingList: context.UsersOnWaitingList,
                  BuilderRequests: context.BuilderRequests,
                  ManagerRequests: context.ManagerRequests,
                }),
                onDone: { target: 'waiting', actions: persistContext },
                onError: {
                  target: 'waiting',
                  actions: {
                    type: 'storeCheckFailure',
                    params: ({ event }) => ({ error: event.error }),
                  },
                },
              },
            },
            waiting: {
              after: { pollInterval: 'fetching' },
            },
          },
        },
      },
    },
    // One write at a time, beside the polling: the screens disable their buttons meanwhile.
    writes: {
      initial: 'ready',
      states: {
        ready: {
          on: {
            'admin.callRequested': {
              target: 'calling',
              actions: { type: 'startCall', params: ({ event }) => ({ call: event.call }) },
            },
            'admin.failureDismissed': { actions: 'dismissFailure' },
          },
        },
        calling: {
          tags: ['busy'],
          invoke: {
            src: 'adminCall',
            input: ({ event }) => {
              assertEvent(event, 'admin.callRequested')
              return event.call
            },
            onDone: [
              {
                // A fetch already running started before this write: its answer would undo it.
                guard: or(['makesDataStale', stateIn({ data: { polling: 'fetching' } })]),
                target: 'ready',
                actions: [...applyResult, 'endCall', 'requestRefetch'],
              },
              { target: 'ready', actions: [...applyResult, 'endCall'] },
            ],
            onError: {
              target: 'ready',
              actions: {
                type: 'storeCallFailure',
                params: ({ event }) => ({ error: event.error }),
              },
            },
          },
        },
      },
    },
  },
  on: {
    'layout.sidebarToggled': { actions: ['toggleSidebar', persistContext] },
  },
})

export type AdminActor = ActorRefFrom<typeof adminMachine>
export type {
  AdminCall,
  AdminCallFailure,
  AdminCallResult,
  AdminContext,
  AdminEvent,
  AdminFetchData,
  AdminFetchInput,
  AdminFetchResult,
  AdminIdLists,
  AdminInput,
  AdminItems,
  AdminListName,
  AdminLists,
  AdminMachineContext,
  ItemCreated,
  ItemDeleted,
  ItemEdited,
} from './admin.types'
export {
  appendById,
  appendItem,
  applyFetchResult,
  adminCallFailure,
  emptyAdminLists,
  initialAdminContext,
  listsFromFetch,
  parseAdminContext,
  removeById,
  removeItem,
  replaceById,
  replaceItem,
  replaceStage,
  replaceTip,
} from './admin-lists'
export { applyWrite, makesDataStale } from './admin-writes'
