// @vitest-environment jsdom
// Dexie reaches IndexedDB when the client's state is saved and restored.
import 'fake-indexeddb/auto'
import { beforeAll } from 'vitest'
import { builderArea } from '../../src/routes/builder-area-chunk'
import { fakeModalDialogs } from '../support/modal-dialogs'
import { createDocumentsTestModel, documentsModel } from './documents.model'
import { documentsWalk } from './documents.walk'
import { describeModelPaths } from './run-paths'

fakeModalDialogs()
// The builder is a lazy route chunk: transformed here, once, rather than inside the 5-second
// waits of whichever path comes first.
beforeAll(builderArea, 60_000)

describeModelPaths({
  name: 'documents',
  model: documentsModel,
  testModel: createDocumentsTestModel(),
  walk: documentsWalk,
  // A client with Flag, signed in with "Remember me" before, opens Documents.
  start: async (driver) => {
    await driver.signedInAs(driver.person('clientWithFlag').email)
    await driver.open('/builder/documents')
  },
})
