import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { routeOf } from '../../../lib/route-of'
import { identityOf } from '../../../plugins/core/access'
import { callerRead } from './caller-read'

/** The preliminary notices the owner received (PRODUCT.md §15). */
const noticeRoutes: FastifyPluginAsyncZod = async (app) => {
  callerRead(app, 'notices', (clientId) => app.notices.list(clientId))

  app.route({
    ...routeOf('createNotice'),
    handler: async (request, reply) => {
      const notice = await app.notices.create(identityOf(request).id, request.body)
      return reply.code(201).send({ Data: notice })
    },
  })

  app.route({
    ...routeOf('editNotice'),
    handler: async (request) => ({
      Data: await app.notices.edit(identityOf(request).id, request.params.id, request.body),
    }),
  })

  app.route({
    ...routeOf('deleteNotice'),
    handler: async (request) => {
      await app.notices.remove(identityOf(request).id, request.params.id)
      return { Data: { id: request.params.id } }
    },
  })
}

export default noticeRoutes
