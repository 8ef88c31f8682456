import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { createRoute, deleteRoute, editRoute } from './write-routes'

/** The back office's own accounts. */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  createRoute(app, 'createAdmin', app.admins.create)
  editRoute(app, 'editAdmin', app.admins.edit)
  deleteRoute(app, 'deleteAdmin', app.admins.remove)
}

export default adminRoutes
