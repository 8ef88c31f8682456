import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { routeOf } from '../../../lib/route-of'

/** PLACEHOLDER until built: the trade's thread */
const placeholderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf('tradeMessages'),
    handler: async () => {
      throw new Error('not built')
    },
  })
  app.route({
    ...routeOf('postTradeMessage'),
    handler: async () => {
      throw new Error('not built')
    },
  })
}

export default placeholderRoutes
