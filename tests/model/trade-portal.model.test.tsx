// @vitest-environment jsdom
import { beforeAll } from 'vitest'
import { describeModelPaths } from './run-paths'
import { createTradePortalTestModel, tradePortalModel } from './trade-portal.model'
import { tradePortalWalk } from './trade-portal.walk'

// The portal is a lazy route chunk: transformed here, once, rather than inside the 5-second
// waits of whichever path comes first.
beforeAll(() => import('../../src/routes/trade-portal-route'), 60_000)

describeModelPaths({
  name: 'trade-portal',
  model: tradePortalModel,
  testModel: createTradePortalTestModel(),
  walk: tradePortalWalk,
  // The trade opens the link from the email.
  start: async (driver) => driver.open(await driver.tradeLink()),
})
