import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { routeOf } from '../../../lib/route-of'
import { identityOf } from '../../../plugins/core/access'
import { callerRead } from './caller-read'

/** The daily log and the warranties: the written evidence beside the files. */
const logRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf('addLogEntry'),
    handler: async (request, reply) => {
      const entry = await app.logs.add(identityOf(request).id, request.body)
      return reply.code(201).send({ Data: entry })
    },
  })

  app.route({
    ...routeOf('logs'),
    handler: async (request) => ({
      Data: await app.logs.list(identityOf(request).id, request.query.step),
    }),
  })

  app.route({
    ...routeOf('deleteLogEntry'),
    handler: async (request) => {
      await app.logs.remove(identityOf(request).id, request.params.id)
      return { Data: { id: request.params.id } }
    },
  })

  app.route({
    ...routeOf('setWarranty'),
    handler: async (request) => ({
      Data: await app.warranties.set(identityOf(request).id, request.body),
    }),
  })

  callerRead(app, 'warranties', (clientId) => app.warranties.list(clientId))
}

export default logRoutes
