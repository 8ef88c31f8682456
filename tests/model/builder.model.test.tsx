// @vitest-environment jsdom
// Dexie reaches IndexedDB when the client's state is saved and restored.
import 'fake-indexeddb/auto'
import { fakeModalDialogs } from '../support/modal-dialogs'
import { builderModel, createBuilderTestModel } from './builder.model'
import { builderWalk } from './builder.walk'
import { describeModelPaths } from './run-paths'

fakeModalDialogs()

describeModelPaths({
  name: 'builder',
  model: builderModel,
  testModel: createBuilderTestModel(),
  walk: builderWalk,
  // The list readers count once (see real-machines.ts). Two races the paths do not take are taken
  // by tests/machines/client-lists.machine.test.ts: a list going stale while it is read, and a
  // session starting while a write is in flight. The paths take 80–84 % of what is left.
  realFloor: { client: 80 },
  // A client with Flag, signed in with "Remember me" before, opens the builder.
  start: async (driver) => {
    await driver.signedInAs(driver.person('clientWithFlag').email)
    await driver.open('/builder/pool-design')
  },
})
