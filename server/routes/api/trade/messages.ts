import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { routeOf } from '../../../lib/route-of'
import { tradeRequestOf } from '../../../plugins/core/access'

/**
 * A trade's one thread (PRODUCT.md §18): its request's step's, on that project, which the owner,
 * the assigned managers and the step's other requested trades write in too.
 */
const tradeMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf('tradeMessages'),
    handler: async (request) => {
      const bid = tradeRequestOf(request)
      return { Data: await app.messages.page(bid.clientId, bid.step, request.query) }
    },
  })

  app.route({
    ...routeOf('postTradeMessage'),
    handler: async (request, reply) => {
      const bid = tradeRequestOf(request)
      const author = {
        clientId: bid.clientId,
        id: bid.tradeId,
        role: 'TRADE' as const,
        company: bid.company,
        requestId: bid.id,
      }
      const message = await app.messages.post(author, bid.step, request.body)
      return reply.code(201).send({ Data: message })
    },
  })
}

export default tradeMessageRoutes
