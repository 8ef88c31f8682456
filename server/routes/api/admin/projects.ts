import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { routeOf } from '../../../lib/route-of'

/** PLACEHOLDER until built: the Projects calls */
const placeholderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf('projects'),
    handler: async () => {
      throw new Error('not built')
    },
  })
  app.route({
    ...routeOf('project'),
    handler: async () => {
      throw new Error('not built')
    },
  })
  app.route({
    ...routeOf('enterQuote'),
    handler: async () => {
      throw new Error('not built')
    },
  })
}

export default placeholderRoutes
