import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { callerRead } from './caller-read'

/** The scope items bids are levelled on (PRODUCT.md §14): the same for every client. */
const scopeRoutes: FastifyPluginAsyncZod = async (app) => {
  callerRead(app, 'scope', () => app.scopeItems.list())
}

export default scopeRoutes
