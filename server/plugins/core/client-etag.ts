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

/** At most this many bytes of answers are kept (see `keptAnswers`), the oldest used going first. */
export const KEPT_ANSWER_BYTES = 32 * 1024 * 1024

type KeptAnswer = { body: string; type: string }

/**
 * The last answers of the project's reads, by address and tag. Equal tags say the answers are
 * equal (that is what a 304 tells the app), so an answer kept under the tag a read has now is
 * sent again without reading: on several servers too, since the tag is the database's. The
 * tag is taken before the read, so an answer kept under it may hold a write made in between,
 * never less than the tag says; and once that write is known the tag has moved on.
 */
function keptAnswers(maxBytes: number) {
  const kept = new Map<string, KeptAnswer>()
  let bytes = 0
  const drop = (key: string) => {
    const answer = kept.get(key)
    if (!answer) return
    kept.delete(key)
    bytes -= answer.body.length
  }
  return {
    get(key: string): KeptAnswer | undefined {
      const answer = kept.get(key)
      if (answer) {
        // Used now: the last to go.
        kept.delete(key)
        kept.set(key, answer)
      }
      return answer
    },
    clear() {
      kept.clear()
      bytes = 0
    },
    set(key: string, answer: KeptAnswer) {
      if (answer.body.length > maxBytes) return
      drop(key)
      kept.set(key, answer)
      bytes += answer.body.length
      for (const oldest of kept.keys()) {
        if (bytes <= maxBytes) break
        drop(oldest)
      }
    },
  }
}

/** The kept answers, as the app shows them: a test forgets them to count a read's own work. */
export type KeptAnswers = { clear: () => void }

declare module 'fastify' {
  interface FastifyInstance {
    keptAnswers: KeptAnswers
  }
}

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
    const answers = keptAnswers(KEPT_ANSWER_BYTES)
    app.decorate('keptAnswers', { clear: () => answers.clear() } satisfies KeptAnswers)
    /** The key a read's answer is kept under, for the requests whose answer is not kept yet. */
    const toKeep = new WeakMap<object, string>()
    app.addHook('preHandler', async (request, reply) => {
      const call = request.routeOptions.config.call as CallName | undefined
      if (!call || !isProjectRead(routes[call])) return
      const { id } = identityOf(request)
      const tag = await app.dataVersion.client(id)
      const window = Math.floor(app.clock().getTime() / CLIENT_ETAG_WINDOW_MS)
      const etag = `W/"${tag.client}.${tag.reference}.${window}-${id}-${tag.epoch}"`
      reply.header('etag', etag)
      if (request.headers['if-none-match'] === etag) return reply.code(304).send()
      // The tag names the client, so an answer is only ever sent again to its own project.
      const key = `${request.url}\n${etag}`
      const kept = answers.get(key)
      if (kept) return reply.code(200).header('content-type', kept.type).send(kept.body)
      toKeep.set(request, key)
    })
    app.addHook('onSend', async (request, reply, payload) => {
      const key = toKeep.get(request)
      if (key === undefined || reply.statusCode !== 200 || typeof payload !== 'string') return
      const type = reply.getHeader('content-type')
      if (typeof type === 'string') answers.set(key, { body: payload, type })
    })
  },
  { name: 'client-etag', dependencies: ['data-version', 'access'] },
)
