import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { routeOf } from '../../../lib/route-of'
import { identityOf } from '../../../plugins/core/access'

/** Asking for a project builder or a project manager to take the build on. */
const requestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf('requestBuilder'),
    handler: async (request) => {
      await app.requests.requestBuilder(identityOf(request).id)
      return { Data: { BuilderRequested: true as const } }
    },
  })

  app.route({
    ...routeOf('requestManager'),
    handler: async (request, reply) => {
      const { managerId, message } = request.body
      const outcome = await app.requests.requestManager(identityOf(request).id, managerId, message)
      return reply.code(outcome.created ? 201 : 200).send({ Data: outcome.request })
    },
  })
}

export default requestRoutes
