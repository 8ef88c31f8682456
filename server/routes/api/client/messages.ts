import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { routeOf } from '../../../lib/route-of'
import { identityOf } from '../../../plugins/core/access'

/**
 * The owner's message threads (PRODUCT.md §18): all 14 of its project. Reading a thread's
 * messages leaves them unread; marking the thread read does not.
 */
const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const ownerOf = (id: string) => ({ clientId: id, id })

  app.route({
    ...routeOf('threads'),
    handler: async (request) => ({
      Data: await app.messages.threads(ownerOf(identityOf(request).id)),
    }),
  })

  app.route({
    ...routeOf('threadMessages'),
    handler: async (request) => ({
      Data: await app.messages.page(identityOf(request).id, request.params.thread, request.query),
    }),
  })

  app.route({
    ...routeOf('postMessage'),
    handler: async (request, reply) => {
      const author = { ...ownerOf(identityOf(request).id), role: 'CLIENT' as const }
      const message = await app.messages.post(author, request.params.thread, request.body)
      return reply.code(201).send({ Data: message })
    },
  })

  app.route({
    ...routeOf('readThread'),
    handler: async (request) => ({
      Data: await app.messages.read(ownerOf(identityOf(request).id), request.params.thread),
    }),
  })
}

export default messageRoutes
