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
  // 10 of the 12: not taken, a bid answered after its project was left (a manager of several
  // projects going back in the browser while it saves), nor a refused bid's dismissal, which no
  // screen sends (UNREACHABLE in real-machines.ts).
  realFloor: { projects: 80 },
  // The manager, signed in with "Remember me" before, opens its Projects.
  start: async (driver) => {
    await driver.signedInAs(driver.person('manager').email)
    await driver.open('/admin/projects')
  },
})
