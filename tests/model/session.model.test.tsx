// @vitest-environment jsdom
// Dexie reaches IndexedDB when the client and admin state is saved and restored.
import 'fake-indexeddb/auto'
import { describeModelPaths } from './run-paths'
import { createSessionTestModel, sessionModel } from './session.model'
import { sessionWalk } from './session.walk'

describeModelPaths({
  name: 'session',
  model: sessionModel,
  testModel: createSessionTestModel(),
  walk: sessionWalk,
  realFloor: { session: 90 },
  start: (driver) => driver.open('/'),
})
