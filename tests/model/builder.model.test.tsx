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
  // The list readers count once (see real-machines.ts). The races the paths do not take are taken
  // by tests/machines/client-lists.machine.test.ts (a list going stale while it is read, a session
  // starting while a write is in flight) and client-calls.machine.test.ts (a write asked for while
  // another is out, queued, then run). The paths take 27 of the 36 transitions: a silent
  // refresh's answer arriving after a write settled (`client.dataRefreshed#1`) is taken by the
  // timeline model's paths (the start date saved as the access token expires) and the session's.
  realFloor: { client: 75 },
  // A client with Flag, signed in with "Remember me" before, opens the builder.
  start: async (driver) => {
    await driver.signedInAs(driver.person('clientWithFlag').email)
    await driver.open('/builder/pool-design')
  },
})
