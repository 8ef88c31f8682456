// @vitest-environment jsdom
// Dexie reaches IndexedDB when the admin's state is saved and restored.
import 'fake-indexeddb/auto'
import { beforeAll } from 'vitest'
import { fakeModalDialogs } from '../support/modal-dialogs'
import { adminModel, createAdminTestModel } from './admin.model'
import { adminWalk } from './admin.walk'
import { describeModelPaths } from './run-paths'

fakeModalDialogs()

// The admin area is a lazy route chunk: transformed here, once, rather than inside the 5-second
// waits of whichever path comes first (on a busy machine that took longer than the wait).
beforeAll(() => import('../../src/features/admin/admin-area'), 60_000)

describeModelPaths({
  name: 'admin',
  model: adminModel,
  testModel: createAdminTestModel(),
  walk: adminWalk,
  // An admin, signed in with "Remember me" before, opens the back office.
  start: async (driver) => {
    await driver.signedInAs(driver.person('admin').email)
    await driver.open('/admin/pricing')
  },
  realFloor: { admin: 90 },
})
