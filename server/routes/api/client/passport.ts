import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { routeOf } from '../../../lib/route-of'
import { identityOf } from '../../../plugins/core/access'
import { callerRead } from './caller-read'

/** The pool passport (PRODUCT.md §17): the equipment, the start-up log and the passport. */
const passportRoutes: FastifyPluginAsyncZod = async (app) => {
  callerRead(app, 'equipment', (clientId) => app.equipment.list(clientId))

  app.route({
    ...routeOf('addEquipment'),
    handler: async (request, reply) => {
      const piece = await app.equipment.create(identityOf(request).id, request.body)
      return reply.code(201).send({ Data: piece })
    },
  })

  app.route({
    ...routeOf('editEquipment'),
    handler: async (request) => ({
      Data: await app.equipment.edit(identityOf(request).id, request.params.id, request.body),
    }),
  })

  app.route({
    ...routeOf('deleteEquipment'),
    handler: async (request) => {
      await app.equipment.remove(identityOf(request).id, request.params.id)
      return { Data: { id: request.params.id } }
    },
  })

  callerRead(app, 'startupLog', (clientId) => app.startupLog.get(clientId))

  app.route({
    ...routeOf('setStartupDay'),
    handler: async (request) => ({
      Data: await app.startupLog.set(identityOf(request).id, request.params.day, request.body),
    }),
  })

  callerRead(app, 'passport', (clientId) => app.passport.read(clientId))

  app.route({
    ...routeOf('setPassport'),
    handler: async (request) => ({
      Data: await app.passport.set(identityOf(request).id, request.body),
    }),
  })
}

export default passportRoutes
