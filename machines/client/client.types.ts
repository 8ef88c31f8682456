import type { z } from 'zod/mini'
import type {
  AddQuote1Body,
  AddQuoteBody,
  EditPoolBody,
  MarkDone1Body,
  MarkDoneBody,
  QuoteRefBody,
  RequestManagerBody,
} from '../../contract/api'
import type { Engineer, Manager, ManagerRequest, PoolData, PoolEntry } from '../../contract'

/** The client's state as the seed names it (§3 "Client state"); persisted under `client`. */
export type ClientContext = {
  /** Whether the client's city is served; without it only /coming-soon is reachable. */
  Flag: boolean
  /** Whether the builder's sidebar is open, kept so the layout comes back as it was left. */
  isOpen: boolean
  poolData: PoolData
  Engineers: Engineer[]
  Managers: Manager[]
}

/** A call to the client API (PRODUCT.md §4 "Client"), named as the API port names it. */
export type ClientCall =
  | { name: 'editPool'; body: z.input<typeof EditPoolBody> }
  | { name: 'markDone'; body: z.input<typeof MarkDoneBody> }
  | { name: 'markDone1'; body: z.input<typeof MarkDone1Body> }
  | { name: 'addQuote'; body: z.input<typeof AddQuoteBody> }
  | { name: 'addQuote1'; body: z.input<typeof AddQuote1Body> }
  | { name: 'acceptQuote'; body: z.input<typeof QuoteRefBody> }
  | { name: 'removeQuote'; body: z.input<typeof QuoteRefBody> }
  | { name: 'requestBuilder' }
  | { name: 'requestManager'; body: z.input<typeof RequestManagerBody> }

/** What a call's answer changes: an entry, the builder request, or a manager request. */
export type ClientCallResult =
  | { kind: 'entry'; entry: PoolEntry }
  | { kind: 'builderRequested' }
  | { kind: 'managerRequested'; request: ManagerRequest }

/** A refused call, kept so the screen that made it shows why next to its fields. */
export type CallFailure = {
  call: ClientCall
  message: string
  /** Field name → messages, from the server's problem. */
  fields: Record<string, string[]>
}

/** The running machine's context: what is saved, plus the call in flight and the last failure. */
export type ClientMachineContext = ClientContext & {
  pending: ClientCall | null
  failure: CallFailure | null
  /** How many calls have been answered (or failed) in this page view. */
  callsSettled: number
  /**
   * `callsSettled` when a refresh started with no call in flight; null when a call was in
   * flight then. A refresh's pool data is only taken if no call settled in between.
   */
  refreshMark: number | null
}

export type ClientInput = {
  /** The context saved by a previous visit, or nothing for a fresh start. */
  restored?: ClientContext | null
}

/**
 * The client part of a verify or onboarding answer (seed §4 "Client data"). The seed spells the
 * pool data both `poolData` and `PoolData`, so either is accepted.
 */
export type SessionStartData = {
  poolData?: PoolData | null
  PoolData?: PoolData | null
  Flag?: boolean
  Engineers?: Engineer[]
  Managers?: Manager[]
}

export type ClientEvent =
  | { type: 'client.sessionStarted'; data: SessionStartData }
  | { type: 'client.flagChanged'; Flag: boolean }
  | { type: 'client.refreshStarted' }
  | { type: 'client.dataRefreshed'; data: SessionStartData }
  | { type: 'client.callRequested'; call: ClientCall }
  | { type: 'client.failureDismissed' }
  | { type: 'pool.entrySaved'; entry: PoolEntry }
  | { type: 'builder.requested' }
  | { type: 'layout.sidebarToggled' }
