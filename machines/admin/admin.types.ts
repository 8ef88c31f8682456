import type { z } from 'zod/mini'
import type {
  AdminClient,
  AdminFetchData,
  AdminUser,
  BuilderRequest,
  City,
  DesignTip,
  Engineer,
  Manager,
  ManagerRequest,
  NonStage,
  Stage,
} from '../../contract'
import type {
  AdminEditBody,
  AdminInput as AdminInputBody,
  CityEditBody,
  CityInput,
  ClientEditBody,
  EngineerEditBody,
  EngineerInput,
  ManagerEditBody,
  ManagerInput,
  RequestStatusBody,
  StageEditBody,
  TipEditBody,
} from '../../contract/api'
import type { Now } from '../ports'

/** The item type of every admin list whose items have an id (all but NonStages). */
export type AdminItems = {
  Admins: AdminUser
  Cities: City
  Clients: AdminClient
  Managers: Manager
  Engineers: Engineer
  UsersWithPerks: AdminClient
  BuilderRequests: BuilderRequest
  ManagerRequests: ManagerRequest
  Stages: Stage
  UsersOnWaitingList: AdminClient
}
export type AdminListName = keyof AdminItems
export type AdminIdLists = { [L in AdminListName]: AdminItems[L][] }

/** Every list of the admin state (seed §3); NonStages are fixed text keyed by title, not id. */
export type AdminLists = AdminIdLists & { NonStages: NonStage[] }

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

type In<T extends z.ZodMiniType> = z.input<T>
type Edit<K extends string, B> = { kind: K; id: string; body: B }
type Remove<K extends string> = { kind: K; id: string }

/** One admin write of PRODUCT.md §4, as the screens ask for it; ids go in the path. */
export type AdminCall =
  | { kind: 'admins.create'; body: In<typeof AdminInputBody> }
  | Edit<'admins.edit', In<typeof AdminEditBody>>
  | Remove<'admins.delete'>
  | { kind: 'cities.create'; body: In<typeof CityInput> }
  | Edit<'cities.edit', In<typeof CityEditBody>>
  | Remove<'cities.delete'>
  | { kind: 'engineers.create'; body: In<typeof EngineerInput> }
  | Edit<'engineers.edit', In<typeof EngineerEditBody>>
  | Remove<'engineers.delete'>
  | { kind: 'managers.create'; body: In<typeof ManagerInput> }
  | Edit<'managers.edit', In<typeof ManagerEditBody>>
  | Remove<'managers.delete'>
  | Edit<'clients.edit', In<typeof ClientEditBody>>
  | Remove<'clients.delete'>
  | Edit<'tips.edit', In<typeof TipEditBody>>
  | Edit<'stages.edit', In<typeof StageEditBody>>
  | Edit<'builderRequests.status', In<typeof RequestStatusBody>>
  | Edit<'managerRequests.status', In<typeof RequestStatusBody>>
export type AdminCallKind = AdminCall['kind']

/** What a write changed, in the terms of the seed's admin-data updates (seed §4). */
export type AdminCallResult =
  | ({ change: 'created' } & ItemCreated)
  | ({ change: 'edited' } & ItemEdited)
  | ({ change: 'deleted' } & ItemDeleted)
  | { change: 'tip'; tip: DesignTip }
  | { change: 'stage'; stage: Stage }

/** A refused write: the server's sentence and its messages per request-body field. */
export type AdminCallFailure = {
  call: AdminCall
  message: string
  fields: Record<string, string[]>
}

export type AdminEvent =
  | { type: 'admin.refreshRequested' }
  | ({ type: 'admin.itemCreated' } & ItemCreated)
  | ({ type: 'admin.itemEdited' } & ItemEdited)
  | ({ type: 'admin.itemDeleted' } & ItemDeleted)
  | { type: 'admin.tipEdited'; tip: DesignTip }
  | { type: 'admin.stageEdited'; stage: Stage }
  | { type: 'layout.sidebarToggled' }
  | { type: 'admin.callRequested'; call: AdminCall }
  | { type: 'admin.failureDismissed' }

export type { AdminFetchData }
