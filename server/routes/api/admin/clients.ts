import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { deleteRoute, editRoute } from './write-routes'

/** Clients' accounts as the back office corrects them. */
const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  editRoute(app, 'editClient', app.clients.edit)
  deleteRoute(app, 'deleteClient', app.clients.remove)
}

export default clientRoutes
