import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { createRoute, deleteRoute, editRoute } from './write-routes'

/** Served cities: opening one tells its waiting clients (see the cities repository). */
const cityRoutes: FastifyPluginAsyncZod = async (app) => {
  createRoute(app, 'createCity', app.cities.create)
  editRoute(app, 'editCity', app.cities.edit)
  deleteRoute(app, 'deleteCity', app.cities.remove)
}

export default cityRoutes
