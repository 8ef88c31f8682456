import Dexie, { type EntityTable } from 'dexie'
import type { z } from 'zod/mini'
import { whenIdle } from '../lib/idle'

/** The actor contexts persisted in IndexedDB (seed §4); the session itself is in localStorage. */
export type StateKey = 'client' | 'admin' | 'projects'

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

/**
 * A long list (the back office's 50,000 clients) is stored in parts, each written in an idle
 * moment of its own: copying it into IndexedDB in one go holds the page for most of a second.
 * A part of the Clients list takes about 10 ms. Its field's row says which
 * parts to read, written once they all are.
 */
const PART_ROWS = 1_000

type PartsMarker = { storedInParts: string; count: number }

const isPartsMarker = (value: unknown): value is PartsMarker =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Partial<PartsMarker>).storedInParts === 'string'

/** Where the parts of `field` live; `generation` tells one save's parts from another's. */
const partsPrefix = (key: StateKey, field?: string, generation?: string) =>
  [`${key}#parts/`, field && `${field}/`, generation && `${generation}/`].join('')

const partKey = (key: StateKey, field: string, generation: string, index: number) =>
  `${partsPrefix(key, field, generation)}${String(index).padStart(6, '0')}`

/** A list stored in parts, whole again; undefined when a part is missing. */
async function partsOf(key: StateKey, field: string, marker: PartsMarker): Promise<unknown> {
  const rows = await db.state
    .where('key')
    .startsWith(partsPrefix(key, field, marker.storedInParts))
    .sortBy('key')
  if (rows.length !== marker.count) return undefined
  return rows.flatMap((row) => row.value as unknown[])
}

/** The value under `key`: its own row, or the rows of its fields when saved field by field. */
async function storedValue(key: StateKey): Promise<unknown> {
  const row = await db.state.get(key)
  if (row !== undefined) return row.value
  const fields = await fieldRows(key).toArray()
  if (fields.length === 0) return undefined
  const entries = await Promise.all(
    fields.map(async ({ key: rowKey, value }) => {
      const field = rowKey.slice(key.length + 1)
      return [field, isPartsMarker(value) ? await partsOf(key, field, value) : value] as const
    }),
  )
  return Object.fromEntries(entries)
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
    await db.state.where('key').startsWith(partsPrefix(key)).delete()
  })
}

let partWrites = 0

/** Bumped by a clear or a forget: a list still being written in parts stops there. */
let clears = 0

/**
 * Writes a long list's parts, each when the browser is idle; the marker to put in its field's
 * row, or null when a clear came first (the clear, next in order, removes what was written).
 */
async function writeParts(key: StateKey, field: string, list: unknown[]) {
  const clearsBefore = clears
  const generation = `${Date.now().toString(36)}-${++partWrites}`
  const count = Math.ceil(list.length / PART_ROWS)
  for (let index = 0; index < count; index++) {
    await whenIdle()
    if (clears !== clearsBefore) return null
    const part = list.slice(index * PART_ROWS, (index + 1) * PART_ROWS)
    await db.state.put({ key: partKey(key, field, generation, index), value: part })
  }
  return { storedInParts: generation, count } satisfies PartsMarker
}

/**
 * Stores some fields of the state under `key`, each in a row of its own, so a change to one
 * list does not copy the others again; a long list in parts (writeParts). The whole-state row
 * of an older save goes, and so do the parts the new rows replace.
 */
function saveFields(key: StateKey, fields: Fields): Promise<void> {
  return inOrder(async () => {
    const rows: StateRow[] = []
    for (const [field, value] of Object.entries(fields)) {
      let stored: unknown = value
      if (Array.isArray(value) && value.length > PART_ROWS) {
        const marker = await writeParts(key, field, value)
        if (marker === null) return
        stored = marker
      }
      rows.push({ key: `${key}/${field}`, value: stored })
    }
    await db.transaction('rw', db.state, async () => {
      await db.state.delete(key)
      await db.state.bulkPut(rows)
      const kept = new Set(
        rows.flatMap(({ value }) => (isPartsMarker(value) ? [value.storedInParts] : [])),
      )
      // Keys only: a filter on the rows would read every part's thousand rows back first.
      const parts = await db.state.where('key').startsWith(partsPrefix(key)).primaryKeys()
      const replaced = parts.filter((partKey) => {
        const [field = '', generation = ''] = partKey.slice(partsPrefix(key).length).split('/')
        return field in fields && !kept.has(generation)
      })
      await db.state.bulkDelete(replaced)
    })
  })
}

/** Stores a structured-cloneable value (plain data: no functions, no actor refs). */
export async function saveState(key: StateKey, value: unknown): Promise<void> {
  await inOrder(() => db.state.put({ key, value }))
}

/** Forgets the state under `key`, whether saved whole or field by field. */
export async function forgetState(key: StateKey): Promise<void> {
  clears++
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
  clears++
  written.clear()
  queued.clear()
  await inOrder(() => db.state.clear())
}
