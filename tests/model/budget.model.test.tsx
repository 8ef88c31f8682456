// @vitest-environment jsdom
// Dexie reaches IndexedDB when the client's state is saved and restored.
import 'fake-indexeddb/auto'
import { beforeAll } from 'vitest'
import { builderArea } from '../../src/routes/builder-area-chunk'
import { fakeModalDialogs } from '../support/modal-dialogs'
import { budgetModel, createBudgetTestModel } from './budget.model'
import { budgetWalk, CONTRACT_CENTS, TRADE } from './budget.walk'
import { describeModelPaths } from './run-paths'

fakeModalDialogs()

// The builder is a lazy route chunk: transformed here, once, rather than inside the 5-second
// waits of whichever path comes first.
beforeAll(builderArea, 60_000)

/** The trade the client recorded, whose quote is Excavation's contract. */
const TRADE_ID = '00000000-0000-4000-8000-000000000b01'

describeModelPaths({
  name: 'budget',
  model: budgetModel,
  testModel: createBudgetTestModel(),
  walk: budgetWalk,
  // A client with Flag, a saved design and the trade's quote for Excavation accepted, signed in
  // with "Remember me" before, opens the Budget.
  start: async (driver, server) => {
    await server.saveDesign()
    await server.hireForExcavation(TRADE, CONTRACT_CENTS, TRADE_ID)
    await driver.signedInAs(driver.person('clientWithFlag').email)
    await driver.open('/builder/budget')
  },
})
