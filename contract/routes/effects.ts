/**
 * The table's effects column: for every call the actors make, what its answer **updates** and
 * what it makes **stale**. One reducer per actor applies answers by `updates`; the actor fetches
 * again what `stale` names. It sits beside the table's parts rather than inside their entries
 * because the actors that read it load with the sign-in page, which must not load the builder's
 * or the back office's schemas: this file imports types only, and the types tie each entry to
 * the answer its table entry declares, so a wrong `updates` does not compile.
 */
import type {
  AdminClient,
  AdminUser,
  BuilderRequest,
  City,
  Engineer,
  Manager,
  ManagerRequest,
  PoolData,
  PoolEntry,
  Stage,
} from '../index'
import type { BidRequest, StepScope } from '../bids'
import type { Checklist } from '../checklists'
import type { LogEntry, StoredFile, Warranty } from '../documents'
import type { Message, ThreadSummary } from '../messages'
import type { Money } from '../money'
import type { Notice } from '../notices'
import type { Equipment, Passport, StartupDay } from '../passport'
import type { NotificationPreferences, Timeline } from '../timeline'
import type { Trade } from '../trades'
import type { exportsRoutes } from './exports'
import type { AdminWriteName, CallData, CallsOf } from './index'

/** The lists the client actor reads and holds, each fetched on its own beside the writes. */
export type ClientLists = {
  /** The steps' entries with their quotes: a sign-in and a refresh answer them too. */
  poolData: PoolData
  timeline: Timeline
  money: Money
  notifications: NotificationPreferences
  files: StoredFile[]
  logs: LogEntry[]
  warranties: Warranty[]
  trades: Trade[]
  /** The preliminary notices the owner received (PRODUCT.md §15). */
  notices: Notice[]
  /** Every step's requests: a step page shows its own. */
  bidRequests: BidRequest[]
  scope: StepScope[]
  /** The pool passport's parts (PRODUCT.md §17). */
  equipment: Equipment[]
  startupLog: StartupDay[]
  passport: Passport
  /** The project's inspection checklists (PRODUCT.md §16). */
  checklists: Checklist[]
  /** The 14 message threads with their unread counts (PRODUCT.md §18). */
  threads: ThreadSummary[]
}
export type ClientListName = keyof ClientLists

/** What a write can make stale: a list the client holds, or the whole back-office data. */
export type Stale = ClientListName | 'adminData'

type ListsHolding<T> = {
  [L in ClientListName]: [T] extends [ClientLists[L]] ? L : never
}[ClientListName]

/**
 * How a client answer changes the context: the pool entry it answers, the requests, the calendar
 * address, the open thread's messages (a page of them, or one written), or a list — replaced whole, or one item of a list held (new bid requests: the items
 * answered) prepended, upserted (a warranty by its step) or dropped by id. A list not fetched is
 * left as it is.
 */
export type ClientUpdate<T> =
  | ([T] extends [PoolEntry] ? 'entry' : never)
  | ([T] extends [{ BuilderRequested: true }] ? 'builderRequest' : never)
  | ([T] extends [ManagerRequest] ? 'managerRequest' : never)
  | ([T] extends [{ url: string }] ? 'calendarUrl' : never)
  | { list: ListsHolding<T>; by: 'replacing' }
  | ([T] extends [LogEntry] ? { list: 'logs'; by: 'prepending' } : never)
  | ([T] extends [BidRequest[]] ? { list: 'bidRequests'; by: 'prepending' } : never)
  | ([T] extends [BidRequest] ? { list: 'bidRequests'; by: 'upserting' } : never)
  | ([T] extends [Warranty] ? { list: 'warranties'; by: 'upserting' } : never)
  | ([T] extends [Trade] ? { list: 'trades'; by: 'upserting' } : never)
  | ([T] extends [Notice] ? { list: 'notices'; by: 'upserting' } : never)
  | ([T] extends [Equipment] ? { list: 'equipment'; by: 'upserting' } : never)
  | ([T] extends [Checklist] ? { list: 'checklists'; by: 'upserting' } : never)
  | ([T] extends [ThreadSummary] ? { list: 'threads'; by: 'upserting' } : never)
  | ([T] extends [Message[]] ? 'threadPage' : never)
  | ([T] extends [Message] ? 'message' : never)
  | ([T] extends [{ id: string }]
      ? { list: 'files' | 'logs' | 'trades' | 'notices' | 'equipment'; by: 'dropping' }
      : never)

export type Effect<U> = { updates: U; stale?: readonly Stale[] }

/** What an entry makes stale: nothing unless it says. */
export const staleOf = (effect: Effect<unknown>): readonly Stale[] => effect.stale ?? []

/**
 * The builder's calls the client actor makes: not the upload, which reports itself (see
 * uploadFile), nor the downloads, whose answers are files the browser saves.
 */
export type ClientCallName = Exclude<CallsOf<'builder'>, 'uploadFile' | keyof typeof exportsRoutes>

/** The moves of money (PRODUCT.md §10): contracts follow quotes, estimates the design, dates the timeline. */
const movesMoney = ['money'] as const
/** A step marked done (or undone) moves the dates and so the money's due dates. */
const movesDates = ['timeline', 'money'] as const

export const clientEffects = {
  poolData: { updates: { list: 'poolData', by: 'replacing' } },
  editPool: { updates: 'entry', stale: movesMoney },
  markDone: { updates: 'entry', stale: movesDates },
  markDone1: { updates: 'entry', stale: movesDates },
  addQuote: { updates: 'entry' },
  addQuote1: { updates: 'entry' },
  acceptQuote: { updates: 'entry', stale: movesMoney },
  removeQuote: { updates: 'entry', stale: movesMoney },
  // Seed §7: the back office sees the request.
  requestBuilder: { updates: 'builderRequest', stale: ['adminData'] },
  requestManager: { updates: 'managerRequest', stale: ['adminData'] },
  timeline: { updates: { list: 'timeline', by: 'replacing' } },
  setTimelineStart: { updates: { list: 'timeline', by: 'replacing' }, stale: movesMoney },
  setStepStarted: { updates: { list: 'timeline', by: 'replacing' }, stale: movesMoney },
  recordInspection: { updates: { list: 'timeline', by: 'replacing' }, stale: movesMoney },
  answerDateProposal: { updates: { list: 'timeline', by: 'replacing' }, stale: movesMoney },
  notifications: { updates: { list: 'notifications', by: 'replacing' } },
  setNotifications: { updates: { list: 'notifications', by: 'replacing' } },
  rotateCalendarToken: { updates: 'calendarUrl' },
  money: { updates: { list: 'money', by: 'replacing' } },
  setDraws: { updates: { list: 'money', by: 'replacing' } },
  recordPayment: { updates: { list: 'money', by: 'replacing' } },
  deletePayment: { updates: { list: 'money', by: 'replacing' } },
  setLienWaiver: { updates: { list: 'money', by: 'replacing' } },
  setNoticeWaiver: { updates: { list: 'money', by: 'replacing' } },
  // Money's draws list the waivers of each notice of their trade.
  notices: { updates: { list: 'notices', by: 'replacing' } },
  createNotice: { updates: { list: 'notices', by: 'upserting' }, stale: movesMoney },
  editNotice: { updates: { list: 'notices', by: 'upserting' }, stale: movesMoney },
  deleteNotice: { updates: { list: 'notices', by: 'dropping' }, stale: movesMoney },
  addChangeOrder: { updates: { list: 'money', by: 'replacing' } },
  decideChangeOrder: { updates: { list: 'money', by: 'replacing' } },
  declinePaymentRequest: { updates: { list: 'money', by: 'replacing' } },
  files: { updates: { list: 'files', by: 'replacing' } },
  // A deleted file leaves the log entries it was attached to and the draw it was the waiver of.
  deleteFile: { updates: { list: 'files', by: 'dropping' }, stale: ['logs', 'money'] },
  logs: { updates: { list: 'logs', by: 'replacing' } },
  addLogEntry: { updates: { list: 'logs', by: 'prepending' } },
  // A deleted log entry takes its attached files along (PRODUCT.md §11).
  deleteLogEntry: { updates: { list: 'logs', by: 'dropping' }, stale: ['files', 'money'] },
  warranties: { updates: { list: 'warranties', by: 'replacing' } },
  setWarranty: { updates: { list: 'warranties', by: 'upserting' } },
  trades: { updates: { list: 'trades', by: 'replacing' } },
  createTrade: { updates: { list: 'trades', by: 'upserting' } },
  editTrade: { updates: { list: 'trades', by: 'upserting' } },
  // A deleted trade takes its preliminary notices along.
  deleteTrade: { updates: { list: 'trades', by: 'dropping' }, stale: ['notices', 'money'] },
  bidRequests: { updates: { list: 'bidRequests', by: 'replacing' } },
  requestBids: { updates: { list: 'bidRequests', by: 'prepending' } },
  resendBidRequest: { updates: { list: 'bidRequests', by: 'upserting' } },
  withdrawBidRequest: { updates: { list: 'bidRequests', by: 'upserting' } },
  scope: { updates: { list: 'scope', by: 'replacing' } },
  // The passport shows the equipment, the start-up log and the measured gallons.
  equipment: { updates: { list: 'equipment', by: 'replacing' } },
  addEquipment: { updates: { list: 'equipment', by: 'upserting' }, stale: ['passport'] },
  editEquipment: { updates: { list: 'equipment', by: 'upserting' }, stale: ['passport'] },
  deleteEquipment: { updates: { list: 'equipment', by: 'dropping' }, stale: ['passport'] },
  startupLog: { updates: { list: 'startupLog', by: 'replacing' } },
  setStartupDay: { updates: { list: 'startupLog', by: 'replacing' }, stale: ['passport'] },
  passport: { updates: { list: 'passport', by: 'replacing' } },
  setPassport: { updates: { list: 'passport', by: 'replacing' } },
  checklists: { updates: { list: 'checklists', by: 'replacing' } },
  tickChecklistItem: { updates: { list: 'checklists', by: 'upserting' } },
  threads: { updates: { list: 'threads', by: 'replacing' } },
  threadMessages: { updates: 'threadPage' },
  // The thread's last message moves.
  postMessage: { updates: 'message', stale: ['threads'] },
  readThread: { updates: { list: 'threads', by: 'upserting' } },
} as const satisfies { [N in ClientCallName]: Effect<ClientUpdate<CallData<N>>> }

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

type AdminListsHolding<T> = {
  [L in AdminListName]: T extends AdminItems[L] ? L : never
}[AdminListName]

/**
 * How an admin answer changes the data: a delete answers the id of an item of the list it
 * names, a create or an edit an item of it; a tip or a stage's pricing changes a stage, and a
 * Schedule row and a step's Scope are keyed by their step, a city's checklist by its city and
 * inspection.
 */
export type AdminUpdate<N extends AdminWriteName> = N extends 'editTip'
  ? 'tip'
  : N extends 'editStage'
    ? 'stage'
    : N extends 'editSchedule'
      ? 'scheduleRow'
      : N extends 'editScope'
        ? 'scopeStep'
        : N extends 'editChecklist'
          ? 'cityChecklist'
          : CallData<N> extends string
            ? { deleted: AdminListName }
            : | { created: AdminListsHolding<CallData<N>> }
              | { edited: AdminListsHolding<CallData<N>> }

/**
 * `stale: ['adminData']` marks the writes whose effects reach lists the answer does not carry:
 * a city decides its clients' Flag and who is still waiting; a client appears in the perks and
 * waiting lists; a manager's name is shown on its requests. After these the whole data is
 * fetched again.
 */
const reachesOtherLists = ['adminData'] as const

export const adminEffects = {
  editClient: { updates: { edited: 'Clients' }, stale: reachesOtherLists },
  deleteClient: { updates: { deleted: 'Clients' }, stale: reachesOtherLists },
  createAdmin: { updates: { created: 'Admins' } },
  editAdmin: { updates: { edited: 'Admins' } },
  deleteAdmin: { updates: { deleted: 'Admins' } },
  createCity: { updates: { created: 'Cities' }, stale: reachesOtherLists },
  editCity: { updates: { edited: 'Cities' }, stale: reachesOtherLists },
  deleteCity: { updates: { deleted: 'Cities' }, stale: reachesOtherLists },
  createEngineer: { updates: { created: 'Engineers' } },
  editEngineer: { updates: { edited: 'Engineers' } },
  deleteEngineer: { updates: { deleted: 'Engineers' } },
  createManager: { updates: { created: 'Managers' } },
  editManager: { updates: { edited: 'Managers' }, stale: reachesOtherLists },
  deleteManager: { updates: { deleted: 'Managers' }, stale: reachesOtherLists },
  editBuilderRequest: { updates: { edited: 'BuilderRequests' } },
  editManagerRequest: { updates: { edited: 'ManagerRequests' } },
  editTip: { updates: 'tip' },
  editStage: { updates: 'stage' },
  editSchedule: { updates: 'scheduleRow' },
  editScope: { updates: 'scopeStep' },
  editChecklist: { updates: 'cityChecklist' },
} as const satisfies { [N in AdminWriteName]: Effect<AdminUpdate<N>> }
