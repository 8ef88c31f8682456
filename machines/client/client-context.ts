import { z } from 'zod/mini'
import { callFailure } from '../shared/call-failure'
import { Engineer, Manager, PoolData, type ManagerRequest, type PoolEntry } from '../../contract'
import { withMessage, withPage } from '../messages/open-thread'
import {
  clientEffects,
  type ClientCallName,
  type ClientListName,
} from '../../contract/routes/effects'
import { emptyPoolData } from './initial-context'
import type {
  CallFailure,
  ClientCall,
  ClientCallResult,
  ClientContext,
  ClientMachineContext,
  SessionStartData,
} from './client.types'

/** Pure updates of the client context: the machine only wires them to events. */

/** The restored context, without a draft that belongs to someone else. */
export const ownContext = (restored: ClientContext, userId: string | null | undefined) =>
  restored.draft?.userId === userId ? restored : { ...restored, draft: null }

/** The write the `calling` state runs: the one a screen asked for, or the draft re-applied. */
export function callInFlight(context: ClientMachineContext): ClientCall {
  if (!context.pending) throw new Error('No call in flight')
  return context.pending
}

/** The call in flight and its failure belong to this page view; the rest is saved. */
export const toStored = ({
  pending: _pending,
  queued: _queued,
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
  notices: _notices,
  checklists: _checklists,
  bidRequests: _bidRequests,
  scope: _scope,
  equipment: _equipment,
  startupLog: _startupLog,
  passport: _passport,
  threads: _threads,
  messages: _messages,
  uploads: _uploads,
  listFailures: _listFailures,
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
  'poolData' | 'calendarUrl' | 'messages' | ClientListName
>

/** Drops the item with this id from a list held, or leaves a list not fetched as it is. */
const dropId = <T extends { id: string }>(items: T[] | null, { id }: { id: string }) =>
  items && items.filter((item) => item.id !== id)

type ListUpdate = Extract<(typeof clientEffects)[ClientCallName]['updates'], { list: unknown }>

/** A list after an answer that updates it; a list not fetched is left as it is. */
function updateList(context: CallEffect, { list, by }: ListUpdate, data: never): CallEffect {
  switch (by) {
    case 'replacing':
      return { ...context, [list]: data }
    case 'prepending':
      return list === 'logs'
        ? { ...context, logs: context.logs && [data, ...context.logs] }
        : { ...context, bidRequests: context.bidRequests && [...data, ...context.bidRequests] }
    case 'upserting':
      return list === 'warranties'
        ? {
            ...context,
            warranties: context.warranties && upsertBy(context.warranties, data, (w) => w.step),
          }
        : list === 'trades'
          ? { ...context, trades: context.trades && upsertBy(context.trades, data, (t) => t.id) }
          : list === 'notices'
            ? {
                ...context,
                notices: context.notices && upsertBy(context.notices, data, (n) => n.id),
              }
            : list === 'equipment'
              ? {
                  ...context,
                  equipment: context.equipment && upsertBy(context.equipment, data, (e) => e.id),
                }
              : list === 'checklists'
                ? {
                    ...context,
                    checklists:
                      context.checklists && upsertBy(context.checklists, data, (c) => c.inspection),
                  }
                : list === 'threads'
                  ? {
                      ...context,
                      threads: context.threads && upsertBy(context.threads, data, (t) => t.thread),
                    }
                  : {
                      ...context,
                      bidRequests:
                        context.bidRequests && upsertBy(context.bidRequests, data, (r) => r.id),
                    }
    case 'dropping':
      return list === 'files'
        ? { ...context, files: dropId(context.files, data) }
        : list === 'logs'
          ? { ...context, logs: dropId(context.logs, data) }
          : list === 'trades'
            ? { ...context, trades: dropId(context.trades, data) }
            : list === 'equipment'
              ? { ...context, equipment: dropId(context.equipment, data) }
              : { ...context, notices: dropId(context.notices, data) }
  }
}

/**
 * The one reducer of the client's answers (seed §4 "Client data", PRODUCT.md §9–§11): what an
 * answer changes is what its call's entry in the table's effects says it `updates`.
 */
export function applyCallResult(context: CallEffect, result: ClientCallResult): CallEffect {
  const { updates } = clientEffects[result.name]
  // The effects' types tie each call's `updates` to the type of its answer.
  const data = result.data as never
  const { poolData } = context
  switch (updates) {
    case 'entry':
      return { ...context, poolData: upsertEntry(poolData, data) }
    case 'builderRequest':
      return { ...context, poolData: markBuilderRequested(poolData) }
    case 'managerRequest':
      return { ...context, poolData: upsertManagerRequest(poolData, data) }
    case 'threadPage':
      return { ...context, messages: withPage(context.messages, data) }
    case 'message':
      return { ...context, messages: withMessage(context.messages, data) }
    case 'calendarUrl': {
      const { url }: { url: string } = data
      return { ...context, calendarUrl: url }
    }
    default:
      return updateList(context, updates, data)
  }
}

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
