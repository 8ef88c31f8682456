import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { routeOf } from '../../../lib/route-of'
import { identityOf } from '../../../plugins/core/access'

/** A client's pool data; its choices for each step, and whether the step is done. */
const poolRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf('poolData'),
    handler: async (request) => ({ Data: await app.poolEntries.data(identityOf(request).id) }),
  })

  app.route({
    ...routeOf('editPool'),
    handler: async (request) => {
      return { Data: await app.poolEntries.saveChoices(identityOf(request).id, request.body) }
    },
  })

  app.route({
    ...routeOf('markDone'),
    handler: async (request) => {
      const { StageId, done } = request.body
      return { Data: await app.poolEntries.markDone(identityOf(request).id, { StageId }, done) }
    },
  })

  app.route({
    ...routeOf('markDone1'),
    handler: async (request) => {
      const { Title, done } = request.body
      return { Data: await app.poolEntries.markDone(identityOf(request).id, { Title }, done) }
    },
  })
}

export default poolRoutes
