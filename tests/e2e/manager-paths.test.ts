import { createManagerTestModel, managerModel } from '../model/manager.model'
import { managerWalk, OWNER_FILE, OWNER_NOTE, OWNER_TRADE } from '../model/manager.walk'
import { describeChromiumPaths, taggedPerson } from './support/model-paths'

const SERVED = { city: 'Austin', state: 'TX' }
const DAY_MS = 24 * 60 * 60_000
/** Four months ago: the build's first steps are running late. */
const lateStart = () => new Date(Date.now() - 120 * DAY_MS).toISOString().slice(0, 10)

describeChromiumPaths({
  name: 'manager',
  model: managerModel,
  testModel: createManagerTestModel(),
  walk: managerWalk,
  // Each path has a manager and owners of its own (a manager sees only its projects), but side by
  // side the paths only share out the same 2 cores: one after another they took no longer.
  concurrent: false,
  prepare: async (server) => {
    await server.serveCity(SERVED.city, SERVED.state)
  },
  people: async (server, tag) => {
    const person = taggedPerson(tag)
    const people = {
      manager: person('Max Manager', 'max'),
      clientWithFlag: person('Fran Diaz', 'fran', SERVED.city, SERVED.state),
      clientWithoutFlag: person('Bo Park', 'bo', 'Boise', 'ID'),
    }
    const [owner] = await Promise.all([
      server.signUp(people.clientWithFlag),
      server.signUp(people.clientWithoutFlag),
    ])
    // The owner's design, a start long past, a trade, a plan, and the note the thread opens on
    // (the note the paths look for: the fake thread in jsdom holds the notes before it too).
    await server.saveDesign(owner)
    await server.withToken(owner, 'PUT', 'timeline/start', { startDate: lateStart() })
    await server.addTrade(owner, person(OWNER_TRADE, 'dee'))
    await server.uploadFile(owner, 'plan', OWNER_FILE)
    await server.postMessages(owner, 'project', [OWNER_NOTE])
    await server.assignManager(people.manager, owner)
    return people
  },
  // The manager, signed in with "Remember me" before, opens its Projects.
  start: async (driver) => {
    await driver.signedInAs(driver.person('manager').email)
    await driver.open('/admin/projects')
  },
})
