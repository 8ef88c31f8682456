import { assign, setup, type ActorRefFrom } from 'xstate'
import type { PoolEntry } from '../../contract'
import {
  initialClientContext,
  markBuilderRequested,
  startSession,
  upsertEntry,
} from './client-context'
import type { ClientContext, ClientEvent, ClientInput, SessionStartData } from './client.types'

/** Every change hands the new context to `persist`; it reads the context after the update. */
const persistContext = {
  type: 'persist',
  params: ({ context }: { context: ClientContext }) => context,
} as const

/**
 * The client's data (seed §3–§4 "Client data"): filled when a session starts, updated from the
 * answers of the client calls, persisted after every change. Spawned by the session machine.
 */
export const clientMachine = setup({
  types: {
    context: {} as ClientContext,
    events: {} as ClientEvent,
    input: {} as ClientInput,
  },
  actions: {
    startSession: assign(({ context }, params: SessionStartData) => startSession(context, params)),
    setFlag: assign((_, params: { Flag: boolean }) => ({ Flag: params.Flag })),
    saveEntry: assign(({ context }, params: { entry: PoolEntry }) => ({
      poolData: upsertEntry(context.poolData, params.entry),
    })),
    markBuilderRequested: assign(({ context }) => ({
      poolData: markBuilderRequested(context.poolData),
    })),
    toggleSidebar: assign(({ context }) => ({ isOpen: !context.isOpen })),
    /** Port: the app saves the context to IndexedDB under `client`. Tests record it. */
    persist: (_, _context: ClientContext) => {},
  },
}).createMachine({
  id: 'client',
  context: ({ input }) => input.restored ?? initialClientContext(),
  on: {
    'client.sessionStarted': {
      actions: [{ type: 'startSession', params: ({ event }) => event.data }, persistContext],
    },
    'client.flagChanged': {
      actions: [{ type: 'setFlag', params: ({ event }) => ({ Flag: event.Flag }) }, persistContext],
    },
    'pool.entrySaved': {
      actions: [
        { type: 'saveEntry', params: ({ event }) => ({ entry: event.entry }) },
        persistContext,
      ],
    },
    'builder.requested': { actions: ['markBuilderRequested', persistContext] },
    'layout.sidebarToggled': { actions: ['toggleSidebar', persistContext] },
  },
})

export type ClientActor = ActorRefFrom<typeof clientMachine>
export type { ClientContext, ClientEvent, ClientInput, SessionStartData } from './client.types'
export {
  emptyPoolData,
  initialClientContext,
  markBuilderRequested,
  parseClientContext,
  startSession,
  upsertEntry,
} from './client-context'
