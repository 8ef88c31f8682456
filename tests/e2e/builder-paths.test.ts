import { builderModel, createBuilderTestModel } from '../model/builder.model'
import { PROJECT_NOTES } from '../model/builder-messages.walk'
import { builderWalk, MANAGER } from '../model/builder.walk'
import { describeChromiumPaths } from './support/model-paths'

describeChromiumPaths({
  name: 'builder',
  model: builderModel,
  testModel: createBuilderTestModel(),
  walk: builderWalk,
  // Each path has a client of its own, but side by side they only share out the same 2 cores.
  concurrent: false,
  // The sessions the walk ends wait out a 45-second token (as the session paths do), not 15 minutes.
  env: { ACCESS_TOKEN_TTL: '45' },
  prepare: async (server) => {
    await server.serveCity('Austin', 'TX')
    await server.asAdmin('POST', 'managers/create', {
      name: MANAGER,
      company: 'Max Pools',
      email: 'max@example.com',
      phone: '(512) 555-0177',
      bio: 'Twenty pools in Austin.',
      yearsExperience: 12,
      fee: 250_000,
    })
  },
  people: async (server, tag) => {
    const client = {
      email: `fran.${tag}@example.com`,
      name: 'Fran Diaz',
      city: 'Austin',
      state: 'TX',
    }
    await server.postMessages(await server.signUp(client), 'project', PROJECT_NOTES)
    return { clientWithFlag: client }
  },
  // A client with Flag, signed in with "Remember me" before, opens the builder.
  start: async (driver) => {
    await driver.signedInAs(driver.person('clientWithFlag').email)
    await driver.open('/builder/pool-design')
  },
})
