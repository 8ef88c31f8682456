import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { routeOf } from '../../../lib/route-of'
import { identityOf } from '../../../plugins/core/access'
import { entryKeyOfStep } from '../../../plugins/app/pool/pool-entries'

/**
 * The back office's Projects (PRODUCT.md §18): an admin reads every project, a manager its
 * assigned ones; a manager enters a bid a trade phoned in. The back office's hook has checked
 * the caller's reach of the path's project (404) before any handler here runs.
 */
const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf('projects'),
    handler: async (request) => ({ Data: await app.projects.list(identityOf(request)) }),
  })

  app.route({
    ...routeOf('project'),
    handler: async (request) => ({ Data: await app.projects.view(request.params.clientId) }),
  })

  // As add-quote adds it to the owner's entry, marked with the manager's name.
  app.route({
    ...routeOf('enterQuote'),
    handler: async (request, reply) => {
      const { clientId } = request.params
      const { step, ...quote } = request.body
      const key = await entryKeyOfStep(app.db, step)
      const enteredBy = await app.users.nameOf(identityOf(request).id)
      const entry = await app.poolEntries.addQuote(clientId, key, { ...quote, enteredBy })
      return reply.code(201).send({ Data: entry })
    },
  })
}

export default projectRoutes
