import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { routeOf } from '../../../lib/route-of'
import { identityOf } from '../../../plugins/core/access'
import { callerRead } from './caller-read'

/** The project's inspection checklists, which the owner ticks (PRODUCT.md §16). */
const checklistRoutes: FastifyPluginAsyncZod = async (app) => {
  callerRead(app, 'checklists', (clientId) => app.checklists.list(clientId))
  app.route({
    ...routeOf('tickChecklistItem'),
    handler: async (request) => {
      const { inspection, itemId } = request.params
      const clientId = identityOf(request).id
      return { Data: await app.checklists.tick(clientId, inspection, itemId, request.body) }
    },
  })
}

export default checklistRoutes
