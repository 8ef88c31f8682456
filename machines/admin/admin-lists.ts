import { z } from 'zod/mini'
import { AdminFetchData, type DesignTip, type Stage } from '../../contract'
import { callFailure } from '../shared/call-failure'
import type {
  AdminCall,
  AdminCallFailure,
  AdminContext,
  AdminFetchResult,
  AdminIdLists,
  AdminItems,
  AdminListName,
  AdminLists,
  ItemCreated,
  ItemDeleted,
  ItemEdited,
} from './admin.types'

/** Pure updates of the admin state: the machine only wires them to events. */

type WithId = { id: string }

export const emptyAdminLists = (): AdminLists => ({
  Admins: [],
  Cities: [],
  Clients: [],
  Managers: [],
  Engineers: [],
  NonStages: [],
  UsersWithPerks: [],
  BuilderRequests: [],
  ManagerRequests: [],
  Stages: [],
  UsersOnWaitingList: [],
  Schedule: [],
  Scope: [],
  Checklists: [],
})

export const initialAdminContext = (): AdminContext => ({
  ...emptyAdminLists(),
  isOpen: true,
  etag: null,
  lastFetchedAt: null,
  error: null,
})

/** The fetch answer names the waiting list `UsersOnWaiting`; the state calls it `…List`. */
export function listsFromFetch(data: AdminFetchData): AdminLists {
  const { UsersOnWaiting, ...rest } = data
  return { ...rest, UsersOnWaitingList: UsersOnWaiting }
}

/**
 * A full answer replaces every list (seed: "Replaced on each fetch"); a 304 only confirms that
 * what we hold is current. Either way the last error is over.
 */
export function applyFetchResult(result: AdminFetchResult, at: number): Partial<AdminContext> {
  if (result.status === 'notModified') return { lastFetchedAt: at, error: null }
  return { ...listsFromFetch(result.data), etag: result.etag, lastFetchedAt: at, error: null }
}

export const replaceById = <T extends WithId>(items: readonly T[], item: T): T[] =>
  items.map((existing) => (existing.id === item.id ? item : existing))

/** A poll that ran after the create may already hold the item: replace it then, never twice. */
export const appendById = <T extends WithId>(items: readonly T[], item: T): T[] =>
  items.some((existing) => existing.id === item.id) ? replaceById(items, item) : [...items, item]

export const removeById = <T extends WithId>(items: readonly T[], id: string): T[] =>
  items.filter((existing) => existing.id !== id)

/**
 * The patch for the one list named by `list`. Built with a computed key because TypeScript will
 * not let a list picked by a generic name be assigned into a copy of all the lists.
 */
function updateList<L extends AdminListName>(
  lists: AdminIdLists,
  list: L,
  update: (items: AdminItems[L][]) => AdminItems[L][],
): Partial<AdminIdLists> {
  return { [list]: update(lists[list]) }
}

export const appendItem = <L extends AdminListName>(lists: AdminIdLists, change: ItemCreated<L>) =>
  updateList(lists, change.list, (items) => appendById(items, change.item))

export const replaceItem = <L extends AdminListName>(lists: AdminIdLists, change: ItemEdited<L>) =>
  updateList(lists, change.list, (items) => replaceById(items, change.item))

export const removeItem = (lists: AdminIdLists, change: ItemDeleted) =>
  updateList(lists, change.list, (items) => removeById(items, change.id))

/** A tip belongs to the stage named by its stageId. */
export const replaceTip = (stages: readonly Stage[], tip: DesignTip): Stage[] =>
  stages.map((stage) => (stage.id === tip.stageId ? { ...stage, designTip: tip } : stage))

export const replaceStage = (stages: readonly Stage[], stage: Stage): Stage[] =>
  replaceById(stages, stage)

const { UsersOnWaiting, ...fetchedLists } = AdminFetchData.shape
const StoredAdminContext = z.object({
  ...fetchedLists,
  UsersOnWaitingList: UsersOnWaiting,
  isOpen: z.boolean(),
  etag: z.nullable(z.string()),
  lastFetchedAt: z.nullable(z.number()),
  error: z.nullable(z.string()),
})

/**
 * Storage outlives releases: a saved state of another shape is dropped rather than trusted, and
 * the next fetch fills it again.
 */
export function parseAdminContext(stored: unknown): AdminContext | null {
  const parsed = StoredAdminContext.safeParse(stored)
  return parsed.success ? parsed.data : null
}

const FALLBACK_FAILURE = 'The change could not be saved. Please try again.'

/** What a refused write tells the admin: the server's words, else the error's, else ours. */
export const adminCallFailure = (call: AdminCall, error: unknown): AdminCallFailure =>
  callFailure(call, error, (error instanceof Error && error.message) || FALLBACK_FAILURE)
