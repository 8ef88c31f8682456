import Dexie, { type EntityTable } from 'dexie'
import type { z } from 'zod/mini'

/** The actor contexts persisted in IndexedDB (seed §4); the session itself is in localStorage. */
export type StateKey = 'client' | 'admin'

interface StateRow {
  /** A whole state (`admin`), or one field of a state saved field by field (`admin/Clients`). */
  key: string
  value: unknown
}

// Dexie's own typing pattern: the table is declared by the schema below, not by a class field.
const db = new Dexie('poolpath') as Dexie & { state: EntityTable<StateRow, 'key'> }
db.version(1).stores({ state: 'key' })

/**
 * Dexie does not keep the order of calls made while the database is still opening (a
 * transaction waits a step longer than a lone write), so a logout's clear could land before
 * the save it follows and leave that save on the device. Each access waits for the one
 * asked for before it.
 */
let lastAccess: Promise<unknown> = Promise.resolve()
function inOrder<T>(access: () => Promise<T>): Promise<T> {
  const turn = lastAccess.then(access, access)
  lastAccess = turn.catch(() => undefined)
  return turn
}

const fieldRows = (key: StateKey) => db.state.where('key').startsWith(`${key}/`)

/** The value under `key`: its own row, or the rows of its fields when saved field by field. */
async function storedValue(key: StateKey): Promise<unknown> {
  const row = await db.state.get(key)
  if (row !== undefined) return row.value
  const fields = await fieldRows(key).toArray()
  if (fields.length === 0) return undefined
  return Object.fromEntries(fields.map((field) => [field.key.slice(key.length + 1), field.value]))
}

/**
 * The value stored under `key`, checked with `schema`. A value that does not fit (corrupt, or
 * written by an older version of the app) is deleted and reported as nothing stored.
 */
export function loadState<S extends z.ZodMiniType>(
  key: StateKey,
  schema: S,
): Promise<z.output<S> | null> {
  return inOrder(async () => {
    const value = await storedValue(key)
    if (value === undefined) return null
    const parsed = schema.safeParse(value)
    if (parsed.success) return parsed.data
    await deleteRows(key)
    return null
  })
}

function deleteRows(key: StateKey): Promise<void> {
  return db.transaction('rw', db.state, async () => {
    await db.state.delete(key)
    await fieldRows(key).delete()
  })
}

/**
 * Stores some fields of the state under `key`, each in a row of its own, so a change to one
 * list does not copy the others again. The whole-state row of an older save goes.
 */
function saveFields(key: StateKey, fields: Fields): Promise<void> {
  return inOrder(() =>
    db.transaction('rw', db.state, async () => {
      await db.state.delete(key)
      await db.state.bulkPut(
        Object.entries(fields).map(([field, value]) => ({ key: `${key}/${field}`, value })),
      )
    }),
  )
}

/** Stores a structured-cloneable value (plain data: no functions, no actor refs). */
export async function saveState(key: StateKey, value: unknown): Promise<void> {
  await inOrder(() => db.state.put({ key, value }))
}

/** Forgets the state under `key`, whether saved whole or field by field. */
export async function forgetState(key: StateKey): Promise<void> {
  // What saveChanged last wrote under it is gone too: the next save writes every field.
  written.delete(key)
  queued.delete(key)
  await inOrder(() => deleteRows(key))
}

type Fields = Record<string, unknown>

/** Per key, each field's value as last written (or queued), to tell what changed. */
const written = new Map<StateKey, Fields>()
/** Per key, the fields changed since the last write, waiting for the browser to be idle. */
const queued = new Map<StateKey, Fields>()
let flushing: Promise<void> | null = null

const whenIdle = () =>
  new Promise<void>((resolve) => {
    if (typeof globalThis.requestIdleCallback === 'function')
      globalThis.requestIdleCallback(() => resolve(), { timeout: 2000 })
    else setTimeout(resolve, 0)
  })

async function flush(): Promise<void> {
  await whenIdle()
  flushing = null
  const batch = [...queued]
  queued.clear()
  try {
    for (const [key, fields] of batch) await saveFields(key, fields)
  } catch (error) {
    // Written in full next time: nothing of this batch counts as written.
    for (const [key] of batch) written.delete(key)
    throw error
  }
}

/**
 * Stores the fields of `value` that changed since the last save (compared by reference: the
 * actors replace what they change and keep the rest), when the browser is idle, so a click is
 * never kept waiting by IndexedDB and an unchanged list of 50,000 clients is not copied again.
 * Saves made before the write share it. Resolves with the fields it wrote.
 */
export function saveChanged(key: StateKey, value: Fields): Promise<string[]> {
  const before = written.get(key) ?? {}
  const changed = Object.entries(value).filter(([field, v]) => before[field] !== v)
  written.set(key, { ...value })
  if (changed.length === 0) return Promise.resolve([])
  queued.set(key, { ...queued.get(key), ...Object.fromEntries(changed) })
  flushing ??= flush()
  return flushing.then(() => changed.map(([field]) => field))
}

export async function clearState(): Promise<void> {
  written.clear()
  queued.clear()
  await inOrder(() => db.state.clear())
}
