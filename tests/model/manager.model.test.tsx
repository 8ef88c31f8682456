// @vitest-environment jsdom
// Dexie reaches IndexedDB when the Projects' list is saved and restored.
import 'fake-indexeddb/auto'
import { fakeModalDialogs } from '../support/modal-dialogs'
import { createManagerTestModel, managerModel } from './manager.model'
import { managerWalk } from './manager.walk'
import { describeModelPaths } from './run-paths'

fakeModalDialogs()

describeModelPaths({
  name: 'manager',
  model: managerModel,
  testModel: createManagerTestModel(),
  walk: managerWalk,
  // Not taken: a list or a bid the server refuses (the network down), the sidebar on a phone,
  // and a bid answered after its project was left.
  realFloor: { projects: 55 },
  // The manager, signed in with "Remember me" before, opens its Projects.
  start: async (driver) => {
    await driver.signedInAs(driver.person('manager').email)
    await driver.open('/admin/projects')
  },
})
