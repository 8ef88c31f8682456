import { createSessionTestModel, sessionModel } from '../model/session.model'
import { sessionWalk } from '../model/session.walk'
import { describeChromiumPaths, taggedPerson } from './support/model-paths'

const SERVED = { city: 'Austin', state: 'TX' }

describeChromiumPaths({
  name: 'session',
  model: sessionModel,
  testModel: createSessionTestModel(),
  walk: sessionWalk,
  // The app refreshes 30 s before expiry: 15 s after sign-in, longer than a path takes to look
  // at what a refresh changed, and a token the paths wait out on the server's clock in 46 s.
  env: { ACCESS_TOKEN_TTL: '45' },
  // Each path has people of its own, and several wait for the server's clock.
  concurrent: true,
  prepare: async (server) => {
    await server.serveCity(SERVED.city, SERVED.state)
  },
  people: async (server, tag) => {
    const person = taggedPerson(tag)
    const people = {
      admin: person('Ada Admin', 'ada'),
      manager: person('Max Manager', 'max'),
      clientWithFlag: person('Fran Diaz', 'fran', SERVED.city, SERVED.state),
      clientWithoutFlag: person('Bo Park', 'bo', 'Boise', 'ID'),
      newEmail: person('Nia Cole', 'nia'),
      servedCity: person('Sam Lee', 'sam', SERVED.city, SERVED.state),
      unservedCity: person('Uma Roy', 'uma', 'Reno', 'NV'),
    }
    const [, owner] = await Promise.all([
      server.addAdmin(people.admin),
      server.signUp(people.clientWithFlag),
      server.signUp(people.clientWithoutFlag),
    ])
    // The manager manages the project of the client with Flag.
    await server.assignManager(people.manager, owner)
    return people
  },
  start: (driver) => driver.open('/'),
})
