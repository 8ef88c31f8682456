import type { AdminFetchData, NonStage, ScheduleRow } from '../../contract'
import type { StepScope } from '../../contract/bids'
import type { CityChecklist } from '../../contract/checklists'
import type { CallFailure } from '../shared/call-failure'
import type { AdminWriteName, CallData, NamedCall } from '../../contract/routes'
import type { AdminItems, AdminListName } from '../../contract/routes/effects'
import type { Now } from '../ports'

/** The item type of every admin list whose items have an id (all but NonStages). */
export type { AdminItems, AdminListName }
export type AdminIdLists = { [L in AdminListName]: AdminItems[L][] }

/**
 * Every list of the admin state (seed §3); NonStages are fixed text keyed by title, and the
 * Schedule's rows and the Scope's lists are keyed by step, and the Checklists by city and
 * inspection, not id.
 */
export type AdminLists = AdminIdLists & {
  NonStages: NonStage[]
  Schedule: ScheduleRow[]
  Scope: StepScope[]
  Checklists: CityChecklist[]
}

/** The admin state as the seed names it; persisted under `admin`. */
export type AdminContext = AdminLists & {
  /** Whether the admin sidebar is open, kept so the layout comes back as it was left. */
  isOpen: boolean
  /** The ETag of the last full answer, sent as If-None-Match so an unchanged poll costs little. */
  etag: string | null
  /** When the data was last confirmed current (a full answer or a 304), by the actor's clock. */
  lastFetchedAt: number | null
  /** Why the last fetch failed; the data from before stays on screen. */
  error: string | null
}

/**
 * The role decides whether this actor polls, so it is kept beside the persisted state; so is
 * the admin write in flight and the last one that failed, which a reload should forget.
 */
export type AdminMachineContext = AdminContext & {
  role: string
  pending: AdminCall | null
  failure: AdminCallFailure | null
  /** The clock `lastFetchedAt` is read from. */
  now: Now
}

export type AdminInput = {
  /** 'ADMIN' polls; 'CLIENT' or any other role only holds the restored state (seed §6). */
  role: string
  restored?: AdminContext | null
  now: Now
}

export type AdminFetchInput = { etag: string | null }
export type AdminFetchResult =
  { status: 'notModified' } | { status: 'ok'; data: AdminFetchData; etag: string | null }

/** One change to one list, with the item type that list holds. */
export type ItemCreated<L extends AdminListName = AdminListName> = {
  [K in L]: { list: K; item: AdminItems[K] }
}[L]
export type ItemEdited<L extends AdminListName = AdminListName> = ItemCreated<L>
export type ItemDeleted = { list: AdminListName; id: string }

/** One admin write (the back office's part of the route table), as the screens ask for it. */
export type AdminCall = NamedCall<AdminWriteName>

/** A write's answer: its name and its `Data`; its entry in `adminEffects` says what it changes. */
export type AdminCallResult = {
  [N in AdminWriteName]: { name: N; data: CallData<N> }
}[AdminWriteName]

/** A refused write: the server's sentence and its messages per request-body field. */
export type AdminCallFailure = CallFailure<AdminCall>

export type AdminEvent =
  | { type: 'admin.refreshRequested' }
  | { type: 'layout.sidebarToggled' }
  | { type: 'admin.callRequested'; call: AdminCall }
  | { type: 'admin.failureDismissed' }

export type { AdminFetchData }
