import Dexie, { type EntityTable } from 'dexie'
import type { z } from 'zod/mini'

/** The actor contexts persisted in IndexedDB (seed §4); the session itself is in localStorage. */
export type StateKey = 'client' | 'admin'

interface StateRow {
  key: StateKey
  value: unknown
}

// Dexie's own typing pattern: the table is declared by the schema below, not by a class field.
const db = new Dexie('poolpath') as Dexie & { state: EntityTable<StateRow, 'key'> }
db.version(1).stores({ state: 'key' })

/**
 * The value stored under `key`, checked with `schema`. A value that does not fit (corrupt, or
 * written by an older version of the app) is deleted and reported as nothing stored.
 */
export async function loadState<S extends z.ZodMiniType>(
  key: StateKey,
  schema: S,
): Promise<z.output<S> | null> {
  const row = await db.state.get(key)
  if (row === undefined) return null
  const parsed = schema.safeParse(row.value)
  if (parsed.success) return parsed.data
  await db.state.delete(key)
  return null
}

/** Stores a structured-cloneable value (plain data: no functions, no actor refs). */
export async function saveState(key: StateKey, value: unknown): Promise<void> {
  await db.state.put({ key, value })
}

export async function forgetState(key: StateKey): Promise<void> {
  await db.state.delete(key)
}

export async function clearState(): Promise<void> {
  await db.state.clear()
}
