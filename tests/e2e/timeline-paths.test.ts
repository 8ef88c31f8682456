import { createTimelineTestModel, timelineModel } from '../model/timeline.model'
import { timelineWalk } from '../model/timeline.walk'
import { describeChromiumPaths } from './support/model-paths'

describeChromiumPaths({
  name: 'timeline',
  model: timelineModel,
  testModel: createTimelineTestModel(),
  walk: timelineWalk,
  // Each path has a client of its own, whose timeline no other path touches.
  concurrent: true,
  prepare: async (server) => {
    await server.serveCity('Austin', 'TX')
  },
  people: async (server, tag) => {
    const client = {
      email: `tia.${tag}@example.com`,
      name: 'Tia Reyes',
      city: 'Austin',
      state: 'TX',
    }
    await server.saveDesign(await server.signUp(client))
    return { clientWithFlag: client }
  },
  // A client with Flag and a saved design, signed in with "Remember me" before, opens the Timeline.
  start: async (driver) => {
    await driver.signedInAs(driver.person('clientWithFlag').email)
    await driver.open('/builder/timeline')
  },
})
