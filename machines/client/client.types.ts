import type { CallFailure as SharedCallFailure } from '../shared/call-failure'
import type { CallData, NamedCall } from '../../contract/routes'
import type { ClientCallName, ClientListName } from '../../contract/routes/effects'
import type { FileKind, LogEntry, StoredFile, Warranty } from '../../contract/documents'
import type { BidRequest } from '../../contract/bids'
import type { Trade } from '../../contract/trades'
import type { Notice } from '../../contract/notices'
import type { Equipment, Passport, StartupDay } from '../../contract/passport'
import type { Checklist } from '../../contract/checklists'
import type { ThreadId, ThreadSummary } from '../../contract/messages'
import type { OpenThread } from '../messages/open-thread'
import type { StepScope } from '../../contract/bids'
import type {
  Engineer,
  Manager,
  Money,
  NotificationPreferences,
  PoolData,
  StepSlug,
  Timeline,
} from '../../contract'

/** The client's state as the seed names it (§3 "Client state"); persisted under `client`. */
export type ClientContext = {
  /** Whether the client's city is served; without it only /coming-soon is reachable. */
  Flag: boolean
  /** Whether the builder's sidebar is open, kept so the layout comes back as it was left. */
  isOpen: boolean
  poolData: PoolData
  Engineers: Engineer[]
  Managers: Manager[]
  /**
   * The edit in flight when the session ended (its refresh failed after a 401): re-applied when
   * the same user signs in again, dropped when someone else does.
   */
  draft: ClientDraft | null
}

/** An edit the server refused for want of a session, and whose it is. */
export type ClientDraft = { userId: string; call: ClientCall }

export type { ClientCallName, ClientListName }

/**
 * A call to the client API (the builder's part of the route table), named as the table names it:
 * every call open to a served client but the upload, which is multipart and reports its progress
 * (`sendFile`). The actor makes them through its `clientCall` port.
 */
export type ClientCall = NamedCall<ClientCallName>

/** A call that changes something: they run one at a time, in the order the screens ask. */
export type ClientWrite = NamedCall<Exclude<ClientCallName, ClientListName>>

/** A call's answer: its name and its `Data`, applied by the actor as the seed says. */
export type ClientCallResult = {
  [N in ClientCallName]: { name: N; data: CallData<N> }
}[ClientCallName]

/** A refused call, kept so the screen that made it shows why next to its fields. */
export type CallFailure = SharedCallFailure<ClientCall>

/** The running machine's context: what is saved, plus the call in flight and the last failure. */
export type ClientMachineContext = ClientContext & {
  /**
   * The dated plan (PRODUCT.md §9) once fetched; every timeline write answers it whole. Not
   * saved: its "today" moves, the screens that show it fetch it when they open, and its schema
   * would weigh on the sign-in page, which restores the saved context.
   */
  timeline: Timeline | null
  /** Contracts, draws, payments and change orders (PRODUCT.md §10) once fetched; not saved either. */
  money: Money | null
  /** The client's email switches once fetched, likewise not saved. */
  notifications: NotificationPreferences | null
  /** The secret calendar address just made; the server keeps only its hash, so never saved. */
  calendarUrl: string | null
  /**
   * The client's files, daily log and warranties (PRODUCT.md §11) once fetched; not saved: the
   * files' signed addresses expire after 15 minutes.
   */
  files: StoredFile[] | null
  logs: LogEntry[] | null
  warranties: Warranty[] | null
  /** The project's trades (PRODUCT.md §13) once fetched; not saved: their warnings move with today. */
  trades: Trade[] | null
  /** The preliminary notices (PRODUCT.md §15) once fetched; not saved, as the trades. */
  notices: Notice[] | null
  /** The project's inspection checklists (PRODUCT.md §16) once fetched; not saved. */
  checklists: Checklist[] | null
  /** The bid requests of every step (PRODUCT.md §14) once fetched; not saved: trades answer them. */
  bidRequests: BidRequest[] | null
  /** Each licensed step's scope items (PRODUCT.md §14), which quotes are levelled on. */
  scope: StepScope[] | null
  /** The pool passport's parts (PRODUCT.md §17) once fetched; not saved. */
  equipment: Equipment[] | null
  startupLog: StartupDay[] | null
  passport: Passport | null
  /** The message threads with their unread counts (PRODUCT.md §18) once fetched; not saved. */
  threads: ThreadSummary[] | null
  /** The thread open on the Messages page and its messages read so far; not saved. */
  messages: OpenThread | null
  /** The uploads of this page view, oldest first: in flight, refused or done. */
  uploads: Upload[]
  /** Why the last read of a list was refused, until it is asked for again. */
  listFailures: Partial<Record<ClientListName, string>>
  /** The write in flight: one a screen asked for, or the draft the session kept. */
  pending: ClientCall | null
  /** Writes asked for while another was in flight, oldest first: each runs in turn; not saved. */
  queued: ClientWrite[]
  failure: CallFailure | null
  /** How many writes have been answered (or failed) in this page view. */
  callsSettled: number
  /**
   * `callsSettled` when a refresh started with no write in flight; null when a write was in
   * flight then. A refresh's pool data is only taken if no write settled in between.
   */
  refreshMark: number | null
  /** The draft saved after signing in again, for the screen to say so in this page view. */
  replayed: ClientCall | null
  /** The draft re-applied after signing in again that failed: the screen says it was not saved. */
  draftRefused: CallFailure | null
}

export type ClientInput = {
  /** The context saved by a previous visit, or nothing for a fresh start. */
  restored?: ClientContext | null
  /** Whose data this is: a restored draft of anyone else is dropped. */
  userId?: string | null
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

/** A file to upload and the fields sent beside it (POST /api/files, multipart). */
export type UploadRequest = {
  file: File
  kind: FileKind
  step?: StepSlug | undefined
  caption?: string | undefined
}

/** What the `sendFile` port is given: the request and the upload it belongs to. */
export type SendFileInput = { id: string; request: UploadRequest }

/** One upload as the screens show it: how far it got, and why it was refused if it was. */
export type Upload = {
  /** Chosen by the screen that asked, so it can find its upload again. */
  id: string
  name: string
  kind: FileKind
  step: StepSlug | undefined
  /** Bytes sent of `total` (the request's, once the browser reports it). */
  loaded: number
  total: number
  status: 'sending' | 'done' | 'failed'
  /** What was asked, kept in this page view (never stored) so a failed upload can be sent again. */
  request: UploadRequest
  /** The stored file, once done. */
  file?: StoredFile
  /** Stored while the files list was being fetched: that list's answer may not have it. */
  storedDuringFetch?: true
  /**
   * Why it failed: the API port's error, whose `code` says which refusal it was (UNSUPPORTED_FILE,
   * FILE_TOO_LARGE, QUOTA_EXCEEDED, also when refused before sending) and `detail` in words.
   */
  error?: unknown
}

export type UploadEvent =
  | { type: 'upload.requested'; id: string; request: UploadRequest }
  | { type: 'upload.progressed'; id: string; loaded: number; total: number }
  | { type: 'upload.finished'; id: string; file: StoredFile }
  | { type: 'upload.failed'; id: string; error: unknown }
  /** Cancels one still sending, or clears one that failed or is done. */
  | { type: 'upload.dismissed'; id: string }

export type ClientEvent =
  | UploadEvent
  | { type: 'client.sessionStarted'; data: SessionStartData }
  | { type: 'client.flagChanged'; Flag: boolean }
  | { type: 'client.refreshStarted' }
  | { type: 'client.dataRefreshed'; data: SessionStartData }
  | { type: 'client.callRequested'; call: ClientWrite }
  /** A screen shows the list: it is fetched unless a read of it is under way. */
  | { type: 'list.requested'; list: ClientListName }
  /** A write made the list stale: a list held or being read is fetched again. */
  | { type: 'list.staled'; list: ClientListName }
  | { type: 'client.failureDismissed' }
  | { type: 'layout.sidebarToggled' }
  /** A thread shown: its newest messages are read, then it is marked read. */
  | { type: 'thread.opened'; thread: ThreadId }
  /** The open thread's newest messages again (the tab regained focus, or time passed). */
  | { type: 'thread.refreshed' }
  /** "Load earlier messages": the page before the oldest held. */
  | { type: 'thread.earlierRequested' }
