import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { routeOf } from '../../../lib/route-of'
import { identityOf } from '../../../plugins/core/access'

/** A city's checklist of one inspection, replaced whole (PRODUCT.md §16). */
const checklistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf('editChecklist'),
    handler: async (request) => {
      const { cityId, inspection } = request.params
      const actorId = identityOf(request).id
      return { Data: await app.checklists.edit(actorId, cityId, inspection, request.body) }
    },
  })
}

export default checklistRoutes
