// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import Dexie from 'dexie'
import { expect, it } from 'vitest'
import { clearState, saveChanged } from '../../../src/adapters/state-store'

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

/** Every row on the device, read past the app (its flag says nothing is stored after a clear). */
async function rowsOnDevice(): Promise<unknown[]> {
  const db = new Dexie('poolpath')
  db.version(1).stores({ state: 'key' })
  try {
    return await db.table('state').toArray()
  } finally {
    db.close()
  }
}

// Logging out right after an admin's first save: the save's write is under way, waiting for
// the database to open, when the clear comes. Nothing of the admin may be left on the device.
it('clears a save that was waiting for the database to open', async () => {
  // Loaded, as the app's first save loads it, but with the database not open yet.
  await import('../../../src/adapters/state-db')
  const saved = saveChanged('admin', { isOpen: true, Cities: ['Austin'] })
  // The save's idle wait is over: its write has asked for the database, which is opening.
  await nextTask()
  await nextTask()
  await clearState()
  await saved
  expect(await rowsOnDevice()).toEqual([])
})
