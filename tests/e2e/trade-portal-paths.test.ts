import { createTradePortalTestModel, tradePortalModel } from '../model/trade-portal.model'
import { REQUEST_MESSAGE, tradePortalWalk } from '../model/trade-portal.walk'
import { describeChromiumPaths } from './support/model-paths'

const SERVED = { city: 'Austin', state: 'TX' }

describeChromiumPaths({
  name: 'trade-portal',
  model: tradePortalModel,
  testModel: createTradePortalTestModel(),
  walk: tradePortalWalk,
  // Each path has an owner, a trade and a bid request of its own.
  concurrent: true,
  prepare: async (server) => {
    await server.serveCity(SERVED.city, SERVED.state)
  },
  people: async (server, tag) => {
    const owner = { email: `pat.${tag}@example.com`, name: 'Pat Swimmer', ...SERVED }
    const trade = { email: `dee.${tag}@deepdig.example`, name: 'Deep Dig Co', city: '', state: '' }
    await server.requestBid(owner, trade, REQUEST_MESSAGE)
    return { owner, trade }
  },
  // The trade opens the link from the email.
  start: async (driver) => driver.open(await driver.tradeLink()),
})
