import { eq } from 'drizzle-orm'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { cityKey, envelope, StagesData, ValidateBody, ValidateData } from '../../../contract'
import { cities } from '../../db/schema'

const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The 10 priced stages with their design tips',
        response: { 200: envelope(StagesData) },
      },
    },
    async (request, typedReply) => {
      // The list is serialised once per cache period: send those bytes, not a re-serialisation.
      const reply: FastifyReply = typedReply
      const { body, etag } = await app.stages.list()
      reply.header('etag', etag).header('cache-control', 'no-cache')
      if (request.headers['if-none-match'] === etag) return reply.code(304).send()
      return reply.type('application/json; charset=utf-8').send(body)
    },
  )

  app.post(
    '/api/validate',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Whether we build in a city',
        body: ValidateBody,
        response: { 200: envelope(ValidateData) },
      },
    },
    async (request) => {
      const { city, state } = request.body
      const [served] = await app.db
        .select({ id: cities.id })
        .from(cities)
        .where(eq(cities.key, cityKey(city, state)))
      return { Data: { Flag: served !== undefined } }
    },
  )
}

export default publicRoutes
