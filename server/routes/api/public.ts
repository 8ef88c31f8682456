import compress from '@fastify/compress'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { routeOf } from '../../lib/route-of'

const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  // The stage list (6 kB of JSON with its tips) is every visitor's first call: gzip it.
  await app.register(compress, { encodings: ['gzip', 'deflate'], threshold: 1024 })
  app.route({
    ...routeOf('stages'),
    handler: async (request, typedReply) => {
      // The list is serialised once per cache period: send those bytes, not a re-serialisation.
      const reply: FastifyReply = typedReply
      const { body, etag } = await app.stages.list()
      reply.header('etag', etag).header('cache-control', 'no-cache')
      if (request.headers['if-none-match'] === etag) return reply.code(304).send()
      return reply.type('application/json; charset=utf-8').send(body)
    },
  })

  app.route({
    ...routeOf('validate'),
    handler: async (request) => {
      const { city, state } = request.body
      return { Data: { Flag: await app.cities.isServed(city, state) } }
    },
  })
}

export default publicRoutes
