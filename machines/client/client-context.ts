import { z } from 'zod/mini'
import { callFailure } from '../shared/call-failure'
import { Engineer, Manager, PoolData, type ManagerRequest, type PoolEntry } from '../../contract'
import type {
  CallFailure,
  ClientCall,
  ClientDraft,
  ClientCallResult,
  ClientContext,
  ClientMachineContext,
  SessionStartData,
} from './client.types'

/** Pure updates of the client context: the machine only wires them to events. */

export const emptyPoolData = (): PoolData => ({
  poolChoices: [],
  nonStages: [],
  BuilderRequested: false,
  PermitFee: null,
  ManagerRequests: [],
})

export const initialClientContext = (): ClientContext => ({
  Flag: false,
  isOpen: true,
  poolData: emptyPoolData(),
  Engineers: [],
  Managers: [],
  draft: null,
})

/** What is kept of a client whose session ended with an edit in flight: that edit alone. */
export const keptDraft = (draft: ClientDraft): ClientContext => ({
  ...initialClientContext(),
  draft,
})

/** The restored context, without a draft that belongs to someone else. */
export const ownContext = (restored: ClientContext, userId: string | null | undefined) =>
  restored.draft?.userId === userId ? restored : { ...restored, draft: null }

/** The call the `calling` state runs: the one a screen asked for, or the draft re-applied. */
export function callInFlight(context: ClientMachineContext): ClientCall {
  if (!context.pending) throw new Error('No call in flight')
  return context.pending
}

/** The call in flight and its failure belong to this page view; the rest is saved. */
export const toStored = ({
  pending: _pending,
  failure: _failure,
  callsSettled: _callsSettled,
  refreshMark: _refreshMark,
  timeline: _timeline,
  money: _money,
  notifications: _notifications,
  calendarUrl: _calendarUrl,
  replayed: _replayed,
  draftRefused: _draftRefused,
  files: _files,
  logs: _logs,
  warranties: _warranties,
  trades: _trades,
  uploads: _uploads,
  ...stored
}: ClientMachineContext): ClientContext => stored

/** Fills the client data from a verify or onboarding answer; the sidebar keeps its position. */
export function startSession(context: ClientContext, data: SessionStartData): ClientContext {
  return {
    isOpen: context.isOpen,
    Flag: data.Flag ?? false,
    poolData: data.poolData ?? data.PoolData ?? emptyPoolData(),
    Engineers: data.Engineers ?? [],
    Managers: data.Managers ?? [],
    draft: context.draft,
  }
}

/** Replaces the entry with the same key, or appends it: the server answers with the whole entry. */
function upsertBy<T, K>(items: readonly T[], item: T, key: (t: T) => K): T[] {
  const index = items.findIndex((existing) => key(existing) === key(item))
  return index === -1
    ? [...items, item]
    : items.map((existing, i) => (i === index ? item : existing))
}

/**
 * Stage entries are keyed by StageId and live in poolChoices; non-stage entries are keyed by Title
 * and live in nonStages, so one kind can never replace the other.
 */
export function upsertEntry(poolData: PoolData, entry: PoolEntry): PoolData {
  if ('StageId' in entry) {
    return { ...poolData, poolChoices: upsertBy(poolData.poolChoices, entry, (e) => e.StageId) }
  }
  return { ...poolData, nonStages: upsertBy(poolData.nonStages, entry, (e) => e.Title) }
}

export const markBuilderRequested = (poolData: PoolData): PoolData => ({
  ...poolData,
  BuilderRequested: true,
})

/** A manager request answered by the server replaces the one with its id, or is added. */
export const upsertManagerRequest = (poolData: PoolData, request: ManagerRequest): PoolData => ({
  ...poolData,
  ManagerRequests: upsertBy(poolData.ManagerRequests, request, (r) => r.id),
})

type CallEffect = Pick<
  ClientMachineContext,
  | 'poolData'
  | 'timeline'
  | 'money'
  | 'notifications'
  | 'calendarUrl'
  | 'files'
  | 'logs'
  | 'warranties'
  | 'trades'
>

/** Drops the item with this id from a list held, or leaves a list not fetched as it is. */
const dropId = <T extends { id: string }>(items: T[] | null, id: string) =>
  items && items.filter((item) => item.id !== id)

/** The client data after a call's answer (seed §4 "Client data", PRODUCT.md §9). */
export function applyCallResult(context: CallEffect, result: ClientCallResult): CallEffect {
  const { poolData } = context
  switch (result.name) {
    case 'requestBuilder':
      return { ...context, poolData: markBuilderRequested(poolData) }
    case 'requestManager':
      return { ...context, poolData: upsertManagerRequest(poolData, result.data) }
    case 'timeline':
    case 'setTimelineStart':
    case 'setStepStarted':
    case 'recordInspection':
      return { ...context, timeline: result.data }
    case 'money':
    case 'setDraws':
    case 'recordPayment':
    case 'deletePayment':
    case 'addChangeOrder':
    case 'decideChangeOrder':
    case 'setLienWaiver':
      return { ...context, money: result.data }
    case 'notifications':
    case 'setNotifications':
      return { ...context, notifications: result.data }
    case 'rotateCalendarToken':
      return { ...context, calendarUrl: result.data.url }
    case 'files':
      return { ...context, files: result.data }
    case 'deleteFile':
      return { ...context, files: dropId(context.files, result.data.id) }
    case 'logs':
      return { ...context, logs: result.data }
    case 'addLogEntry':
      return { ...context, logs: context.logs && [result.data, ...context.logs] }
    case 'deleteLogEntry':
      return { ...context, logs: dropId(context.logs, result.data.id) }
    case 'warranties':
      return { ...context, warranties: result.data }
    case 'setWarranty':
      return {
        ...context,
        warranties:
          context.warranties &&
          upsertBy(context.warranties, result.data, (warranty) => warranty.step),
      }
    case 'trades':
      return { ...context, trades: result.data }
    case 'createTrade':
    case 'editTrade':
      return {
        ...context,
        trades: context.trades && upsertBy(context.trades, result.data, (trade) => trade.id),
      }
    case 'deleteTrade':
      return { ...context, trades: dropId(context.trades, result.data.id) }
    default:
      return { ...context, poolData: upsertEntry(poolData, result.data) }
  }
}

/** Marking an entry done (or undone) moves the dates: a timeline already held is fetched again. */
export const changesTimeline = (context: CallEffect, result: ClientCallResult): boolean =>
  context.timeline !== null && (result.name === 'markDone' || result.name === 'markDone1')

const FALLBACK_MESSAGE = 'That did not work. Please try again.'

/** What the screen says about a refused call. */
export const describeFailure = (call: ClientCall, error: unknown): CallFailure =>
  callFailure(call, error, FALLBACK_MESSAGE)

const StoredClientContext = z.object({
  Flag: z.boolean(),
  isOpen: z.boolean(),
  poolData: PoolData,
  Engineers: z.array(Engineer),
  Managers: z.array(Manager),
  // Checked loosely: the server checks the call itself when it is re-applied.
  draft: z.optional(
    z.nullable(
      z.object({
        userId: z.string(),
        call: z.custom<ClientCall>((call) => typeof Reflect.get(Object(call), 'name') === 'string'),
      }),
    ),
  ),
})

/**
 * Storage outlives releases: a saved context of another shape is dropped rather than trusted,
 * and the next verify or refresh fills it again.
 */
export function parseClientContext(stored: unknown): ClientContext | null {
  const parsed = StoredClientContext.safeParse(stored)
  return parsed.success ? { ...parsed.data, draft: parsed.data.draft ?? null } : null
}
