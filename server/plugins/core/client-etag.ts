import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { routes, type CallName, type RouteDef } from '../../../contract/routes'
import { identityOf } from './access'

/**
 * How long an answer's ETag holds at most, however still its project: the signed file addresses
 * in it work for 15 minutes, so one kept 5 has 10 left; and every project's midnight, the day its
 * reads count from, falls on a 5-minute boundary (time zones are whole quarter hours).
 */
export const CLIENT_ETAG_WINDOW_MS = 5 * 60_000

/** Whether a call is one of a project's reads that the table says answer 304. */
const isProjectRead = (def: RouteDef | undefined) =>
  def?.method === 'GET' &&
  def.etag === true &&
  (def.access === 'builder' || def.access === 'client')

/**
 * A project's reads are tagged with its versions (data-version.ts), the window and the client:
 * an If-None-Match that names the tag now answers 304 before the read is made, from memory when
 * the server is sure of the versions. The tag is taken before the read, so an answer never holds
 * less than its tag says: a write between the two costs the next poll a full answer, never a
 * stale one.
 */
export default fp(
  async function clientEtag(app: FastifyInstance) {
    app.addHook('preHandler', async (request, reply) => {
      const call = request.routeOptions.config.call as CallName | undefined
      if (!call || !isProjectRead(routes[call])) return
      const { id } = identityOf(request)
      const tag = await app.dataVersion.client(id)
      const window = Math.floor(app.clock().getTime() / CLIENT_ETAG_WINDOW_MS)
      const etag = `W/"${tag.client}.${tag.reference}.${window}-${id}-${tag.epoch}"`
      reply.header('etag', etag)
      if (request.headers['if-none-match'] === etag) return reply.code(304).send()
    })
  },
  { name: 'client-etag', dependencies: ['data-version', 'access'] },
)
