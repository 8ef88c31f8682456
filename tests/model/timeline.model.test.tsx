// @vitest-environment jsdom
// Dexie reaches IndexedDB when the client's state is saved and restored.
import 'fake-indexeddb/auto'
import { beforeAll } from 'vitest'
import { builderArea } from '../../src/routes/builder-area-chunk'
import { fakeModalDialogs } from '../support/modal-dialogs'
import { describeModelPaths } from './run-paths'
import { createTimelineTestModel, timelineModel } from './timeline.model'
import { timelineWalk } from './timeline.walk'

fakeModalDialogs()

// The builder is a lazy route chunk: transformed here, once, rather than inside the 5-second
// waits of whichever path comes first.
beforeAll(builderArea, 60_000)

describeModelPaths({
  name: 'timeline',
  model: timelineModel,
  testModel: createTimelineTestModel(),
  walk: timelineWalk,
  // 11 of the client machine's 36 transitions, among them a silent refresh's answer arriving after
  // the start date's write settled (`client.dataRefreshed#1`), which the builder's paths leave out.
  realFloor: { client: 30 },
  // A client with Flag and a saved design, signed in with "Remember me" before, opens the Timeline.
  start: async (driver, server) => {
    await server.saveDesign()
    await driver.signedInAs(driver.person('clientWithFlag').email)
    await driver.open('/builder/timeline')
  },
})
