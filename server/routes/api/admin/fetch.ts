import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { etagOf } from '../../../plugins/app/admin-data/admin-data'
import { routeOf } from '../../../lib/route-of'

/** Whether an Accept-Encoding header takes gzip (named, or `*`, with a q above 0). */
function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [coding = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase())
    const q = params.find((p) => p.startsWith('q='))
    return (coding === 'gzip' || coding === '*') && (q === undefined || Number(q.slice(2)) > 0)
  })
}

/**
 * Everything the back office shows. A poll whose If-None-Match names the data version now is
 * answered 304 (from memory, or after reading that one row: see data-version.ts); otherwise the answer kept for the version (built
 * once per version, from one snapshot) is sent, gzipped already for a browser that takes it.
 */
const fetchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf('adminFetch'),
    // The answer is gzipped once per version, not by @fastify/compress on every send.
    compress: false,
    handler: async (request, typedReply) => {
      const reply: FastifyReply = typedReply
      reply.header('vary', 'accept-encoding')
      const now = await app.dataVersion.current()
      const etag = etagOf(now)
      if (request.headers['if-none-match'] === etag)
        return reply.header('etag', etag).code(304).send()
      const answer = await app.adminData.answer(now)
      reply.header('etag', answer.etag).type('application/json; charset=utf-8')
      if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(answer.json)
      return reply.header('content-encoding', 'gzip').send(await answer.gzipped())
    },
  })
}

export default fetchRoutes
