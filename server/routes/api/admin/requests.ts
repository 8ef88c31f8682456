import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { editRoute } from './write-routes'

/** Where the back office follows up on clients' requests for the builder and for a manager. */
const requestRoutes: FastifyPluginAsyncZod = async (app) => {
  editRoute(app, 'editBuilderRequest', (actorId, id, { status }) =>
    app.requests.moveBuilderRequest(actorId, id, status),
  )
  editRoute(app, 'editManagerRequest', (actorId, id, { status }) =>
    app.requests.moveManagerRequest(actorId, id, status),
  )
}

export default requestRoutes
