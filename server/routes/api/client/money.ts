import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { routeOf } from '../../../lib/route-of'
import { identityOf } from '../../../plugins/core/access'
import { callerRead } from './caller-read'

/** Contracts' payment plans, payments and change orders; each call answers the whole Money. */
const moneyRoutes: FastifyPluginAsyncZod = async (app) => {
  callerRead(app, 'money', (clientId) => app.money.get(clientId))

  app.route({
    ...routeOf('setDraws'),
    handler: async (request) => {
      const { step, draws } = request.body
      return { Data: await app.money.setDraws(identityOf(request).id, step, draws) }
    },
  })

  app.route({
    ...routeOf('recordPayment'),
    handler: async (request, reply) => {
      const clientId = identityOf(request).id
      const money = await app.money.recordPayment(clientId, request.params.id, request.body)
      return reply.code(201).send({ Data: money })
    },
  })

  app.route({
    ...routeOf('deletePayment'),
    handler: async (request) => ({
      Data: await app.money.deletePayment(identityOf(request).id, request.params.id),
    }),
  })

  app.route({
    ...routeOf('setLienWaiver'),
    handler: async (request) => {
      const { fileId } = request.body
      const clientId = identityOf(request).id
      return { Data: await app.money.setLienWaiver(clientId, request.params.id, fileId) }
    },
  })

  app.route({
    ...routeOf('declinePaymentRequest'),
    handler: async (request) => ({
      Data: await app.money.declinePaymentRequest(identityOf(request).id, request.params.id),
    }),
  })

  app.route({
    ...routeOf('addChangeOrder'),
    handler: async (request, reply) => {
      const { step, description, amount } = request.body
      const clientId = identityOf(request).id
      const money = await app.money.addChangeOrder(clientId, step, description, amount)
      return reply.code(201).send({ Data: money })
    },
  })

  app.route({
    ...routeOf('decideChangeOrder'),
    handler: async (request) => {
      const clientId = identityOf(request).id
      const { id } = request.params
      return { Data: await app.money.decideChangeOrder(clientId, id, request.body.status) }
    },
  })
}

export default moneyRoutes
