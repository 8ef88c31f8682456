// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import Dexie from 'dexie'
import { z } from 'zod/mini'
import { afterEach, expect, it, vi } from 'vitest'
import { clearState, loadState, saveChanged } from '../../../src/adapters/state-db'

type Row = { key: string; value: unknown }

/** Every row on the device, read past the app. */
async function rowsOnDevice(): Promise<Row[]> {
  const db = new Dexie('poolpath')
  db.version(1).stores({ state: 'key' })
  try {
    return await db.table<Row>('state').toArray()
  } finally {
    db.close()
  }
}

const Admin = z.object({ isOpen: z.boolean(), Clients: z.array(z.object({ id: z.number() })) })
const clients = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => ({ id: from + i }))
const longestRow = (rows: Row[]) =>
  Math.max(...rows.map((row) => (Array.isArray(row.value) ? row.value.length : 1)))

afterEach(() => clearState())

it('stores a long list in parts of at most 1,000 rows and reads it back whole', async () => {
  const state = { isOpen: true, Clients: clients(2_001) }
  expect(await saveChanged('admin', state)).toEqual(['isOpen', 'Clients'])
  const rows = await rowsOnDevice()
  expect(rows).toHaveLength(2 + 3)
  expect(longestRow(rows)).toBe(1_000)
  expect(await loadState('admin', Admin)).toEqual(state)
})

it('stores a field that is null (the back office without an error) with the rest', async () => {
  const WithError = z.object({ ...Admin.shape, error: z.nullable(z.string()) })
  const state = { isOpen: false, Clients: clients(2), error: null }
  expect(await saveChanged('admin', state)).toEqual(['isOpen', 'Clients', 'error'])
  expect(await rowsOnDevice()).toHaveLength(3)
  expect(await loadState('admin', WithError)).toEqual(state)
})

it('leaves only the newest save’s parts, whether the list grows, shrinks or goes short', async () => {
  await saveChanged('admin', { isOpen: true, Clients: clients(2_500) })
  await saveChanged('admin', { isOpen: true, Clients: clients(1_500, 10) })
  expect(await rowsOnDevice()).toHaveLength(2 + 2)
  expect(await loadState('admin', Admin)).toEqual({ isOpen: true, Clients: clients(1_500, 10) })
  await saveChanged('admin', { isOpen: true, Clients: clients(3) })
  expect(await rowsOnDevice()).toHaveLength(2)
  expect(await loadState('admin', Admin)).toEqual({ isOpen: true, Clients: clients(3) })
})

it('reports nothing stored when a part is missing, and removes the rest', async () => {
  await saveChanged('admin', { isOpen: true, Clients: clients(2_001) })
  const db = new Dexie('poolpath')
  db.version(1).stores({ state: 'key' })
  const part = (await db.table<Row>('state').toCollection().primaryKeys()).find((key) =>
    String(key).includes('#parts/'),
  )
  await db.table('state').delete(part ?? '')
  db.close()
  expect(await loadState('admin', Admin)).toBeNull()
  expect(await rowsOnDevice()).toEqual([])
})

it('stops writing a long list when a logout comes, rather than keep the logout waiting', async () => {
  const puts = vi.spyOn(IDBObjectStore.prototype, 'put')
  // 40 parts, each waiting for an idle moment; the logout comes a part or two in.
  const saved = saveChanged('admin', { isOpen: true, Clients: clients(40_000) })
  await new Promise((resolve) => setTimeout(resolve, 5))
  await clearState()
  await saved
  expect(puts.mock.calls.length).toBeLessThan(40)
  expect(await rowsOnDevice()).toEqual([])
  puts.mockRestore()
})
