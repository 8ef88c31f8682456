import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { editRoute } from './write-routes'

/** A stage's price list and its design tip; GET /api follows both at once. */
const stageRoutes: FastifyPluginAsyncZod = async (app) => {
  editRoute(app, 'editStage', (actorId, id, { pricing }) =>
    app.stages.editPricing(actorId, id, pricing),
  )
  editRoute(app, 'editTip', (actorId, id, { text }) => app.stages.editTip(actorId, id, text))
}

export default stageRoutes
