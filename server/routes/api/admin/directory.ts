import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { createRoute, deleteRoute, editRoute } from './write-routes'

/** The engineers and project managers clients pick from. */
const directoryRoutes: FastifyPluginAsyncZod = async (app) => {
  createRoute(app, 'createEngineer', app.engineers.create)
  editRoute(app, 'editEngineer', app.engineers.edit)
  deleteRoute(app, 'deleteEngineer', app.engineers.remove)
  createRoute(app, 'createManager', app.managers.create)
  editRoute(app, 'editManager', app.managers.edit)
  deleteRoute(app, 'deleteManager', app.managers.remove)
}

export default directoryRoutes
