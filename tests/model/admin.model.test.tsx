// @vitest-environment jsdom
// Dexie reaches IndexedDB when the admin's state is saved and restored.
import 'fake-indexeddb/auto'
import { fakeModalDialogs } from '../support/modal-dialogs'
import { adminModel, createAdminTestModel } from './admin.model'
import { adminWalk } from './admin.walk'
import { describeModelPaths } from './run-paths'

fakeModalDialogs()

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
})
