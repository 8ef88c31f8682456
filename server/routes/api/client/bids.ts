import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { routeOf } from '../../../lib/route-of'
import { identityOf } from '../../../plugins/core/access'

/** The owner's bid requests: trades asked for their bids on a step. */
const bidRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf('bidRequests'),
    handler: async (request) => ({
      Data: await app.bidRequests.list(identityOf(request).id, request.query.step),
    }),
  })

  app.route({
    ...routeOf('requestBids'),
    handler: async (request, reply) => {
      const made = await app.bidRequests.create(identityOf(request).id, request.body)
      return reply.code(201).send({ Data: made })
    },
  })

  app.route({
    ...routeOf('resendBidRequest'),
    handler: async (request) => ({
      Data: await app.bidRequests.resend(identityOf(request).id, request.params.id),
    }),
  })

  app.route({
    ...routeOf('withdrawBidRequest'),
    handler: async (request) => ({
      Data: await app.bidRequests.withdraw(identityOf(request).id, request.params.id),
    }),
  })
}

export default bidRoutes
