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
  // The client actor's list readers add transitions no screen path takes on purpose (a list going
  // stale while it is read, a refused read of each list); tests/machines/client-lists.machine.test.ts
  // takes them. The paths take 56 % of the client machine's transitions; the floor keeps that.
  realFloor: { client: 55 },
  // A client with Flag, signed in with "Remember me" before, opens the builder.
  start: async (driver) => {
    await driver.signedInAs(driver.person('clientWithFlag').email)
    await driver.open('/builder/pool-design')
  },
})
