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
  // 46 of 52 (88.5 %): the paths do not take a 401 or 403 while a refresh runs, a 403 (a city
  // closed under a signed-in client), a second 401 after the recovering refresh, nor a stale
  // token's check: each needs calls racing a refresh, or a second city per path.
  realFloor: { session: 88 },
  start: (driver) => driver.open('/'),
})
