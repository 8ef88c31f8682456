import jwt from '@fastify/jwt'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { z } from 'zod/mini'
import { Role } from '../../../contract'
import { TRADE_SESSION_COOKIE } from '../../../contract/bids'
import type { Access } from '../../../contract/routes'
import { forbidden, unauthenticated } from '../../lib/problem'
import type { Identity } from '../app/accounts/users'
import type { TradeRequest } from '../app/bids/trade-requests'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (see the contract's route table). */
    access?: Access
  }
  interface FastifyRequest {
    identity: Identity | null
    /** The bid request of the trade session that made a `trade` call. */
    tradeRequest: TradeRequest | null
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: { sub: string; role: Role }
    user: { sub: string; role: Role; exp: number; iat: number }
  }
}

/** The roles each access admits; `public`, `user` and `trade` are decided otherwise. */
const ROLES_OF: Partial<Record<Access, readonly Role[]>> = {
  client: ['CLIENT'],
  builder: ['CLIENT'],
  admin: ['ADMIN'],
  manager: ['MANAGER'],
  staff: ['ADMIN', 'MANAGER'],
}

// Only we sign tokens, yet a subject that is no user id must not reach the database as one.
const Claims = z.object({ sub: z.uuid(), role: Role })
type Claims = z.infer<typeof Claims>

// A signed-in browser sends the same token on every call (the back office polls with it): what
// @fastify/jwt verified is kept, by the Authorization header, until the token expires, so a poll
// neither checks the HMAC nor decodes and parses the token again.
const VERIFIED_MAX = 10_000
type Verified = { claims: Claims; expiresAt: number }

async function verifiedClaims(
  app: FastifyInstance,
  request: FastifyRequest,
  header: string,
  verified: Map<string, Verified>,
): Promise<Claims> {
  const kept = verified.get(header)
  // The app's clock, which in production is the system's, as the verifier's expiry check reads.
  if (kept && kept.expiresAt > app.clock().getTime()) return kept.claims
  try {
    await request.jwtVerify()
  } catch {
    throw unauthenticated('Your session has expired. Please sign in again.')
  }
  const claims = Claims.safeParse(request.user)
  if (!claims.success) throw unauthenticated()
  if (verified.size >= VERIFIED_MAX) verified.clear()
  verified.set(header, { claims: claims.data, expiresAt: request.user.exp * 1000 })
  return claims.data
}

async function authenticate(
  app: FastifyInstance,
  request: FastifyRequest,
  verified: Map<string, Verified>,
): Promise<Identity> {
  const header = request.headers.authorization
  if (!header) throw unauthenticated()
  const claims = await verifiedClaims(app, request, header, verified)
  const found = await app.users.identity(claims.sub)
  // A deleted user, or one whose role changed, holds a token that no longer speaks for them.
  if (!found || found.role !== claims.role) throw unauthenticated()
  return found
}

/** Signs access tokens, and enforces every route's declared access in one hook. */
export default fp(
  async function access(app: FastifyInstance) {
    await app.register(jwt, {
      secret: app.keys.jwt,
      sign: { algorithm: 'HS256', expiresIn: app.settings.ACCESS_TOKEN_TTL },
      // Every token it signs expires: one that does not was not signed here.
      verify: { algorithms: ['HS256'], requiredClaims: ['exp'] },
    })
    app.decorateRequest('identity', null)
    app.decorateRequest('tradeRequest', null)
    const verified = new Map<string, Verified>()
    // An API route that forgets to say who may call it must not become public by accident.
    app.addHook('onRoute', (route) => {
      if (
        route.url.startsWith('/api') &&
        !route.url.startsWith('/api/docs') &&
        !route.config?.access
      )
        throw new Error(`Route ${route.method} ${route.url} declares no config.access`)
    })

    app.addHook('onRequest', async (request) => {
      const rule = request.routeOptions.config.access
      // Only static files, the docs and the 404 handler declare nothing (see onRoute).
      if (!rule || rule === 'public') return
      if (rule === 'trade') {
        // The trade session's cookie alone: an access token is never a trade's.
        if (request.headers.authorization) throw unauthenticated()
        request.tradeRequest = await app.tradePortal.requestOf(
          request.cookies[TRADE_SESSION_COOKIE],
        )
        return
      }
      const identity = await authenticate(app, request, verified)
      const roles = ROLES_OF[rule]
      if (roles && !roles.includes(identity.role)) throw forbidden()
      if (rule === 'builder' && !identity.flag)
        throw forbidden('We do not build in your city yet, so the builder is not open to you.')
      request.identity = identity
    })
  },
  { name: 'access', dependencies: ['core', 'users', 'trade-portal'] },
)

export const signAccessToken = (app: FastifyInstance, user: { id: string; role: Role }) =>
  app.jwt.sign({ sub: user.id, role: user.role })

/** The caller of a route that declared an access other than public. */
export function identityOf(request: FastifyRequest): Identity {
  if (!request.identity) throw unauthenticated()
  return request.identity
}

/** The bid request of the trade session that made a `trade` call. */
export function tradeRequestOf(request: FastifyRequest): TradeRequest {
  if (!request.tradeRequest) throw unauthenticated()
  return request.tradeRequest
}
