import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { routeOf } from '../../../lib/route-of'

/** PLACEHOLDER until built: a project's threads for staff */
const placeholderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf('projectThreads'),
    handler: async () => {
      throw new Error('not built')
    },
  })
  app.route({
    ...routeOf('projectMessages'),
    handler: async () => {
      throw new Error('not built')
    },
  })
  app.route({
    ...routeOf('postProjectMessage'),
    handler: async () => {
      throw new Error('not built')
    },
  })
  app.route({
    ...routeOf('readProjectThread'),
    handler: async () => {
      throw new Error('not built')
    },
  })
}

export default placeholderRoutes
