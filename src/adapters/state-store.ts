import type { z } from 'zod/mini'
import type * as StateDb from './state-db'
import type { StateKey } from './state-db'

export type { StateKey } from './state-db'

/**
 * Set in localStorage while IndexedDB holds something. Dexie is ~31 kB gzipped: with this flag
 * a visitor with nothing stored (every first, logged-out visit) never downloads it.
 */
export const STORED_STATE_FLAG = 'poolpath:state'

// Only the type is imported statically: the module itself is fetched on first use.
let stateDb: Promise<typeof StateDb> | undefined

// One import shared by every call, so calls reach the database in the order they were made.
const database = () => (stateDb ??= import('./state-db'))

function setFlag(on: boolean): void {
  try {
    if (on) globalThis.localStorage?.setItem(STORED_STATE_FLAG, '1')
    else globalThis.localStorage?.removeItem(STORED_STATE_FLAG)
  } catch {
    // Blocked storage: the flag is only an optimisation, and loading stays safe without it.
  }
}

/** Cheap and synchronous: whether there may be stored state to restore. */
export function hasStoredState(): boolean {
  try {
    return globalThis.localStorage?.getItem(STORED_STATE_FLAG) === '1'
  } catch {
    return false
  }
}

// Persistence is best effort: the app works without it (IndexedDB can be unavailable, blocked
// or full), so these never reject; a failure is logged and treated as nothing stored.
function warn(what: string, error: unknown): void {
  console.warn(`PoolPath could not ${what} the saved state.`, error)
}

/** The value stored under `key` if it fits `schema`; null otherwise (a bad value is removed). */
export async function loadState<S extends z.ZodMiniType>(
  key: StateKey,
  schema: S,
): Promise<z.output<S> | null> {
  if (!hasStoredState()) return null
  try {
    return await (await database()).loadState(key, schema)
  } catch (error) {
    warn('read', error)
    return null
  }
}

/** Stores plain data under `key`; false when it could not be stored. */
export async function saveState(key: StateKey, value: unknown): Promise<boolean> {
  // Flag first: a flag without data costs one Dexie load, data without a flag would be lost.
  setFlag(true)
  try {
    await (await database()).saveState(key, value)
    return true
  } catch (error) {
    warn('save', error)
    return false
  }
}

/** Forgets what is stored under `key` alone: the other key may be another tab's. */
export async function forgetState(key: StateKey): Promise<void> {
  if (!hasStoredState()) return
  try {
    await (await database()).forgetState(key)
  } catch (error) {
    warn('clear', error)
  }
}

/**
 * Stores the fields of `value` that changed since the last save, when the browser is idle
 * (state-db.ts); resolves with the fields written, none when it could not store them.
 */
export async function saveChanged(
  key: StateKey,
  value: Record<string, unknown>,
): Promise<string[]> {
  setFlag(true)
  try {
    return await (await database()).saveChanged(key, value)
  } catch (error) {
    warn('save', error)
    return []
  }
}

/** Forgets the client and admin state (logout). */
export async function clearState(): Promise<void> {
  const mayHoldData = hasStoredState() || stateDb !== undefined
  setFlag(false)
  if (!mayHoldData) return
  try {
    await (await database()).clearState()
  } catch (error) {
    warn('clear', error)
  }
}
