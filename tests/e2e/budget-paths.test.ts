import { budgetModel, createBudgetTestModel } from '../model/budget.model'
import { budgetWalk, CONTRACT_CENTS, TRADE } from '../model/budget.walk'
import { describeChromiumPaths } from './support/model-paths'

describeChromiumPaths({
  name: 'budget',
  model: budgetModel,
  testModel: createBudgetTestModel(),
  walk: budgetWalk,
  // Each path has a client of its own, whose money no other path touches.
  concurrent: true,
  prepare: async (server) => {
    await server.serveCity('Austin', 'TX')
  },
  // The client records the trade, adds its quote for Excavation and accepts it: the contract.
  people: async (server, tag) => {
    const client = {
      email: `bea.${tag}@example.com`,
      name: 'Bea Nunez',
      city: 'Austin',
      state: 'TX',
    }
    const token = await server.signUp(client)
    await server.saveDesign(token)
    const trade = { email: `dee.${tag}@digco.example`, name: TRADE, city: '', state: '' }
    await server.hireForExcavation(token, trade, CONTRACT_CENTS)
    return { clientWithFlag: client }
  },
  // A client with Flag, signed in with "Remember me" before, opens the Budget.
  start: async (driver) => {
    await driver.signedInAs(driver.person('clientWithFlag').email)
    await driver.open('/builder/budget')
  },
})
