import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { routeOf } from '../../../lib/route-of'

/** PLACEHOLDER until built: the owner's threads */
const placeholderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf('threads'),
    handler: async () => {
      throw new Error('not built')
    },
  })
  app.route({
    ...routeOf('threadMessages'),
    handler: async () => {
      throw new Error('not built')
    },
  })
  app.route({
    ...routeOf('postMessage'),
    handler: async () => {
      throw new Error('not built')
    },
  })
  app.route({
    ...routeOf('readThread'),
    handler: async () => {
      throw new Error('not built')
    },
  })
}

export default placeholderRoutes
