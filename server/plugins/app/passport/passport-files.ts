import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { notFound } from '../../../lib/problem'
import { routeOf } from '../../../lib/route-of'

const NOT_YET = 'The passport’s files are not ready yet.'

/** The passport's PDF and ZIP (PRODUCT.md §17): registered, answering 404 until they are made. */
const passportFileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf('passportPdf'),
    handler: async () => {
      throw notFound(NOT_YET)
    },
  })

  app.route({
    ...routeOf('passportZip'),
    handler: async () => {
      throw notFound(NOT_YET)
    },
  })
}

export default passportFileRoutes
