import type { Engineer, Manager, PoolData, PoolEntry } from '../../contract'

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
  | { type: 'pool.entrySaved'; entry: PoolEntry }
  | { type: 'builder.requested' }
  | { type: 'layout.sidebarToggled' }
