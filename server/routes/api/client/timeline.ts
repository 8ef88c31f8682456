import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { routeOf } from '../../../lib/route-of'
import { identityOf } from '../../../plugins/core/access'
import { callerRead } from './caller-read'

/**
 * The build on a calendar: start date, started days, inspections and the trades' proposed
 * starts, each answering it all.
 */
const timelineRoutes: FastifyPluginAsyncZod = async (app) => {
  callerRead(app, 'timeline', (clientId) => app.timelines.get(clientId))

  app.route({
    ...routeOf('setTimelineStart'),
    handler: async (request) => {
      const { startDate, rebaseline } = request.body
      const clientId = identityOf(request).id
      return { Data: await app.timelines.setStart(clientId, startDate, rebaseline ?? false) }
    },
  })

  app.route({
    ...routeOf('setStepStarted'),
    handler: async (request) => {
      const { step, startedOn } = request.body
      return { Data: await app.timelines.setStarted(identityOf(request).id, step, startedOn) }
    },
  })

  app.route({
    ...routeOf('recordInspection'),
    handler: async (request) => {
      const clientId = identityOf(request).id
      const timeline = await app.timelines.recordInspection(
        clientId,
        request.params.slug,
        request.body,
      )
      return { Data: timeline }
    },
  })

  app.route({
    ...routeOf('answerDateProposal'),
    handler: async (request) => {
      const { id } = request.params
      const clientId = identityOf(request).id
      return { Data: await app.timelines.answerProposal(clientId, id, request.body.status) }
    },
  })

  callerRead(app, 'notifications', (clientId) => app.notificationPreferences.get(clientId))

  app.route({
    ...routeOf('setNotifications'),
    handler: async (request) => ({
      Data: await app.notificationPreferences.set(identityOf(request).id, request.body),
    }),
  })
}

export default timelineRoutes
