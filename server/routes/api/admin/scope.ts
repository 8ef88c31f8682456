import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { routeOf } from '../../../lib/route-of'
import { identityOf } from '../../../plugins/core/access'

/** A licensed step's scope items, replaced whole (PRODUCT.md §14). */
const scopeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf('editScope'),
    handler: async (request) => ({
      Data: await app.scopeItems.edit(identityOf(request).id, request.params.step, request.body),
    }),
  })
}

export default scopeRoutes
