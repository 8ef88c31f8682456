import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { ProblemCode } from '../../../contract/problem'
import { HttpProblem } from '../../lib/problem'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

const crossSite = () =>
  new HttpProblem(403, ProblemCode.crossSite, 'This request did not come from PoolPath itself.')

const publicOriginOf = (url: string | undefined) => (url ? new URL(url).origin : undefined)

function isOwnOrigin(request: FastifyRequest, publicOrigin: string | undefined): boolean {
  const fetchSite = request.headers['sec-fetch-site']
  if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') return false
  const origin = request.headers.origin
  if (origin === undefined) return true
  if (publicOrigin) return origin === publicOrigin
  try {
    // Through URL on both sides, so a default port written out (":80") still matches.
    const from = new URL(origin)
    return from.host === new URL(`${from.protocol}//${request.headers.host ?? ''}`).host
  } catch {
    return false
  }
}

/**
 * Cookies ride along on cross-site requests, so an unsafe request must come from our own
 * origin (Sec-Fetch-Site or Origin) and be JSON or have no body: a plain HTML form can send
 * neither.
 * Fastify answers 415 to any other content type once only the JSON parser is left.
 */
export default fp(
  async function csrf(app: FastifyInstance) {
    const publicOrigin = publicOriginOf(app.settings.PUBLIC_URL)
    app.removeContentTypeParser(['text/plain'])
    // Every call sends a JSON content type, those without a body too (refresh, logout, a
    // DELETE): an empty body is no body, and a route that needs one names what is missing.
    const parseJson = app.getDefaultJsonParser('error', 'error')
    app.removeContentTypeParser('application/json')
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body.toString()
      if (text === '') done(null, undefined)
      else parseJson(request, text, done)
    })
    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method)) return
      if (!isOwnOrigin(request, publicOrigin)) throw crossSite()
    })
  },
  { name: 'csrf', dependencies: ['core'] },
)

/**
 * The rule above made strict, for a call whose only credential is a SameSite cookie (a trade's
 * upload, PRODUCT.md §18a): the browser must say where the request comes from, and it must be
 * our own origin. A request that names neither Origin nor Sec-Fetch-Site is refused too.
 */
export function requireOwnOrigin(request: FastifyRequest): void {
  const named =
    request.headers.origin !== undefined || request.headers['sec-fetch-site'] !== undefined
  if (!named || !isOwnOrigin(request, publicOriginOf(request.server.settings.PUBLIC_URL)))
    throw crossSite()
}
