import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { routeOf } from '../../../lib/route-of'
import { identityOf } from '../../../plugins/core/access'
import { entryKeyOf } from '../../../plugins/app/pool/pool-entries'

/** Subcontractors' quotes on a step: at most MAX_QUOTES_PER_ENTRY, one of them accepted. */
const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf('addQuote'),
    handler: async (request) => {
      const { StageId, ...quote } = request.body
      return { Data: await app.poolEntries.addQuote(identityOf(request).id, { StageId }, quote) }
    },
  })

  app.route({
    ...routeOf('addQuote1'),
    handler: async (request) => {
      const { Title, ...quote } = request.body
      return { Data: await app.poolEntries.addQuote(identityOf(request).id, { Title }, quote) }
    },
  })

  // Both name a quote of a step the same way and answer that step's entry.
  app.route({
    ...routeOf('acceptQuote'),
    handler: async (request) => {
      const { body } = request
      const { id } = identityOf(request)
      const { acknowledge } = body
      return {
        Data: await app.poolEntries.acceptQuote(id, entryKeyOf(body), body.quoteId, acknowledge),
      }
    },
  })

  app.route({
    ...routeOf('removeQuote'),
    handler: async (request) => {
      const { body } = request
      const { id } = identityOf(request)
      return { Data: await app.poolEntries.removeQuote(id, entryKeyOf(body), body.quoteId) }
    },
  })
}

export default quoteRoutes
