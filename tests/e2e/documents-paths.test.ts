import { createDocumentsTestModel, documentsModel } from '../model/documents.model'
import { documentsWalk } from '../model/documents.walk'
import { describeChromiumPaths } from './support/model-paths'

const SERVED = { city: 'Austin', state: 'TX' }

describeChromiumPaths({
  name: 'documents',
  model: documentsModel,
  testModel: createDocumentsTestModel(),
  walk: documentsWalk,
  // Each path's owner has files of its own, but side by side the paths only share out the same
  // 2 cores: one after another they took no longer.
  concurrent: false,
  prepare: async (server) => {
    await server.serveCity(SERVED.city, SERVED.state)
  },
  people: async (server, tag) => {
    const client = { email: `fran.${tag}@example.com`, name: 'Fran Diaz', ...SERVED }
    await server.signUp(client)
    return { clientWithFlag: client }
  },
  // A client with Flag, signed in with "Remember me" before, opens Documents.
  start: async (driver) => {
    await driver.signedInAs(driver.person('clientWithFlag').email)
    await driver.open('/builder/documents')
  },
})
