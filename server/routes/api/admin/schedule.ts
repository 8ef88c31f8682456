import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { routeOf } from '../../../lib/route-of'
import { identityOf } from '../../../plugins/core/access'

/** Each step's duration and wait: every client's plan and forecast follow the change. */
const scheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf('editSchedule'),
    handler: async (request) => ({
      Data: await app.schedule.edit(identityOf(request).id, request.params.step, request.body),
    }),
  })
}

export default scheduleRoutes
