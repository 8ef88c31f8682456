import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { routeOf } from '../../../lib/route-of'
import { identityOf } from '../../../plugins/core/access'

/**
 * A project's threads in Projects (PRODUCT.md §18): an admin reads any project's, an assigned
 * manager its project's and writes in them (the route's access leaves writing to managers);
 * any other project answers 404.
 */
const projectThreadRoutes: FastifyPluginAsyncZod = async (app) => {
  const readerOf = async (request: Parameters<typeof identityOf>[0], clientId: string) => {
    const identity = identityOf(request)
    await app.assignments.reach(identity, clientId)
    return { clientId, id: identity.id }
  }

  app.route({
    ...routeOf('projectThreads'),
    handler: async (request) => {
      const reader = await readerOf(request, request.params.clientId)
      return { Data: await app.messages.threads(reader) }
    },
  })

  app.route({
    ...routeOf('projectMessages'),
    handler: async (request) => {
      const { clientId, thread } = request.params
      await readerOf(request, clientId)
      return { Data: await app.messages.page(clientId, thread, request.query) }
    },
  })

  app.route({
    ...routeOf('postProjectMessage'),
    handler: async (request, reply) => {
      const { clientId, thread } = request.params
      const author = { ...(await readerOf(request, clientId)), role: 'MANAGER' as const }
      const message = await app.messages.post(author, thread, request.body)
      return reply.code(201).send({ Data: message })
    },
  })

  app.route({
    ...routeOf('readProjectThread'),
    handler: async (request) => {
      const { clientId, thread } = request.params
      const reader = await readerOf(request, clientId)
      return { Data: await app.messages.read(reader, thread) }
    },
  })
}

export default projectThreadRoutes
