// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import {
  clearState,
  hasStoredState,
  loadState,
  saveChanged,
  saveState,
  STORED_STATE_FLAG,
} from '../../../src/adapters/state-store'

// Counts how often the Dexie module is loaded, and passes the real one through.
const loads = vi.hoisted(() => ({ count: 0 }))
vi.mock('../../../src/adapters/state-db', async (importOriginal) => {
  loads.count += 1
  return importOriginal()
})

const ClientState = z.object({ Flag: z.boolean(), isOpen: z.boolean() })
const AdminState = z.object({ isOpen: z.boolean(), Cities: z.array(z.string()) })

// Order matters: the first test sees a fresh store, before anything loaded Dexie.
describe('the persisted actor state', () => {
  beforeEach(async () => {
    await clearState()
  })

  it('does not load Dexie when nothing was ever stored', async () => {
    expect(hasStoredState()).toBe(false)
    expect(await loadState('client', ClientState)).toBeNull()
    await clearState()
    expect(loads.count).toBe(0)
  })

  it('round-trips the client and admin state, loading Dexie once', async () => {
    const client = { Flag: true, isOpen: false }
    const admin = { isOpen: true, Cities: ['Austin'] }
    expect(await saveState('client', client)).toBe(true)
    expect(await saveState('admin', admin)).toBe(true)
    expect(hasStoredState()).toBe(true)
    expect(localStorage.getItem(STORED_STATE_FLAG)).toBe('1')
    expect(await loadState('client', ClientState)).toEqual(client)
    expect(await loadState('admin', AdminState)).toEqual(admin)
    expect(loads.count).toBe(1)
  })

  it('keeps the last of several saves made without waiting', async () => {
    void saveState('client', { Flag: false, isOpen: false })
    void saveState('client', { Flag: true, isOpen: false })
    await saveState('client', { Flag: true, isOpen: true })
    expect(await loadState('client', ClientState)).toEqual({ Flag: true, isOpen: true })
  })

  it('drops a value that does not fit the schema, and reports nothing stored', async () => {
    await saveState('client', { Flag: 'yes' })
    expect(await loadState('client', ClientState)).toBeNull()
    // Deleted, not just refused: even a schema that takes anything finds nothing now.
    expect(await loadState('client', z.unknown())).toBeNull()
  })

  it('is forgotten by clearState, flag and all', async () => {
    await saveState('client', { Flag: true, isOpen: true })
    await saveState('admin', { isOpen: true, Cities: [] })
    await clearState()
    expect(hasStoredState()).toBe(false)
    expect(localStorage.getItem(STORED_STATE_FLAG)).toBeNull()
    // The flag set again by hand, so the reads reach the database and find it empty.
    localStorage.setItem(STORED_STATE_FLAG, '1')
    expect(await loadState('client', z.unknown())).toBeNull()
    expect(await loadState('admin', z.unknown())).toBeNull()
  })

  it('saves only the fields that changed, the last of a burst once, and loads them whole', async () => {
    const Cities = ['Austin']
    const Clients = Array.from({ length: 3 }, (_, i) => `client ${i}`)
    expect(await saveChanged('admin', { isOpen: true, Cities, Clients })).toEqual([
      'isOpen',
      'Cities',
      'Clients',
    ])
    // A poll that replaced nothing, then a toggle and a new city list in one burst.
    expect(await saveChanged('admin', { isOpen: true, Cities, Clients })).toEqual([])
    const toggled = saveChanged('admin', { isOpen: false, Cities, Clients })
    const renamed = saveChanged('admin', { isOpen: false, Cities: ['Boise'], Clients })
    expect(await toggled).toEqual(['isOpen'])
    expect(await renamed).toEqual(['Cities'])
    const Stored = z.object({
      isOpen: z.boolean(),
      Cities: z.array(z.string()),
      Clients: z.array(z.string()),
    })
    expect(await loadState('admin', Stored)).toEqual({ isOpen: false, Cities: ['Boise'], Clients })
  })

  it('writes every field again after clearState, and drops fields that do not fit', async () => {
    await saveChanged('admin', { isOpen: true, Cities: ['Austin'] })
    await clearState()
    expect(await saveChanged('admin', { isOpen: true, Cities: ['Austin'] })).toEqual([
      'isOpen',
      'Cities',
    ])
    expect(await loadState('admin', AdminState)).toEqual({ isOpen: true, Cities: ['Austin'] })
    await saveChanged('admin', { isOpen: 'yes', Cities: ['Austin'] })
    expect(await loadState('admin', AdminState)).toBeNull()
    expect(await loadState('admin', z.unknown())).toBeNull()
  })
})
