import type { StageEntry } from '../../contract'
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
    const { id: tradeId } = await server.asClient<{ id: string }>(token, 'POST', 'trades', {
      company: TRADE,
      contact: 'Dee Digger',
      email: `dee.${tag}@digco.example`,
      steps: ['excavation'],
      licenceNumber: '7654321',
      licenceClass: 'C-12',
      licenceCheckedOn: new Date().toISOString().slice(0, 10),
      insuranceExpiresOn: '2099-01-01',
      compExempt: true,
    })
    const StageId = await server.stageIdOf('excavation')
    const entry = await server.asClient<StageEntry>(token, 'PUT', 'add-quote', {
      StageId,
      vendor: TRADE,
      amount: CONTRACT_CENTS,
      tradeId,
    })
    const quoteId = entry.quotes[0]?.id
    if (!quoteId) throw new Error(`no quote of ${TRADE} for ${client.email}`)
    await server.asClient(token, 'PUT', 'accept-quote', { StageId, quoteId, acknowledge: true })
    return { clientWithFlag: client }
  },
  // A client with Flag, signed in with "Remember me" before, opens the Budget.
  start: async (driver) => {
    await driver.signedInAs(driver.person('clientWithFlag').email)
    await driver.open('/builder/budget')
  },
})
