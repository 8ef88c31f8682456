import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { routeOf } from '../../../lib/route-of'
import { identityOf } from '../../../plugins/core/access'
import { callerRead } from './caller-read'

/** The project's trades: who does the work, with their licence and insurance. */
const tradeRoutes: FastifyPluginAsyncZod = async (app) => {
  callerRead(app, 'trades', (clientId) => app.trades.list(clientId))

  app.route({
    ...routeOf('createTrade'),
    handler: async (request, reply) => {
      const trade = await app.trades.create(identityOf(request).id, request.body)
      return reply.code(201).send({ Data: trade })
    },
  })

  app.route({
    ...routeOf('editTrade'),
    handler: async (request) => ({
      Data: await app.trades.edit(identityOf(request).id, request.params.id, request.body),
    }),
  })

  app.route({
    ...routeOf('deleteTrade'),
    handler: async (request) => {
      await app.trades.remove(identityOf(request).id, request.params.id)
      return { Data: { id: request.params.id } }
    },
  })
}

export default tradeRoutes
