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
  // The list readers count once (see real-machines.ts). The paths take 29 of the 36 transitions,
  // among them a list going stale while it is read and a thread opened while its earlier page is
  // read. A write asked for while another is out, queued, then run is taken by
  // tests/machines/client-calls.machine.test.ts: a form waits for the write before it, so on a
  // screen only a thread's mark-read queues, behind a message still on its way.
  // A silent refresh's answer arriving after a write settled (`client.dataRefreshed#1`) is taken
  // by the timeline model's paths (the start date saved as the access token expires) and the
  // session's.
  realFloor: { client: 80 },
  // A client with Flag, signed in with "Remember me" before, opens the builder.
  start: async (driver) => {
    await driver.signedInAs(driver.person('clientWithFlag').email)
    await driver.open('/builder/pool-design')
  },
})
