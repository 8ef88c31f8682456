import type { FastifyInstance, FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { routeOf } from '../../lib/route-of'
import { ProblemCode, type RefreshData, type SessionData as Session } from '../../../contract'
import { isUniqueViolation } from '../../lib/db-errors'
import { conflict, notFound, unauthenticated } from '../../lib/problem'
import { identityOf, signAccessToken } from '../../plugins/core/access'
import { CODE_TTL_MS, SIGN_UP_TTL_MS } from '../../plugins/app/accounts/login-codes'
import type { IssuedRefresh, RotatedRefresh } from '../../plugins/app/accounts/refresh-tokens'
import type { SessionRead } from '../../plugins/app/accounts/session-read'
import {
  clearSessionCookies,
  REFRESH_COOKIE,
  setSessionCookies,
  setTempCookie,
  TEMP_COOKIE,
  tempTokenOf,
} from './session-cookies'
import { codeEmail } from './code-email'
import { refuseManagerEmail } from '../../plugins/app/accounts/email-owners'

const accountExists = () =>
  conflict('An account already uses this email. Sign in instead.', ProblemCode.accountExists)

/** What a session reads, for a user who must exist (else the session ends: 401). */
async function sessionOf(app: FastifyInstance, id: string): Promise<SessionRead> {
  const read = await app.users.session(id)
  if (!read) throw unauthenticated()
  return read
}

/** A client's pool data (its quotes levelled) and directory; an admin has neither. */
async function clientDataOf(app: FastifyInstance, { poolData, tag }: SessionRead) {
  if (!poolData) return null
  return {
    poolData: await app.scopeItems.levelPoolData(poolData),
    ...(await app.users.directory(tag)),
  }
}

/** Everything the app needs after sign-in, and the cookies that keep the session. */
async function startSession(
  app: FastifyInstance,
  reply: FastifyReply,
  issued: IssuedRefresh,
): Promise<Session> {
  const read = await sessionOf(app, issued.userId)
  const { profile } = read
  const clientData = await clientDataOf(app, read)
  setSessionCookies(reply, issued)
  reply.clearCookie(TEMP_COOKIE, { path: '/api' })
  return {
    Token: signAccessToken(app, { id: issued.userId, role: profile.role }),
    ...profile,
    ...(clientData ?? { poolData: null, Engineers: [], Managers: [] }),
  }
}

/**
 * A refresh's answer: a new access token and the profile, and for a client its pool data and
 * directory too (a client signed in for days sees what changed; change-city answers the same).
 */
async function refreshAnswer(app: FastifyInstance, id: string, read: SessionRead) {
  const { profile } = read
  return {
    Token: signAccessToken(app, { id, role: profile.role }),
    ...profile,
    ...(await clientDataOf(app, read)),
  } satisfies RefreshData
}

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { settings } = app

  app.route({
    ...routeOf('login'),
    handler: async (request, reply) => {
      const { email } = request.body
      await app.rateLimiter.hit(`login:ip:${request.ip}`, settings.LOGIN_LIMIT_PER_IP)
      await app.rateLimiter.hit(`login:email:${email}`, settings.LOGIN_LIMIT_PER_EMAIL)
      const { tempToken, code } = await app.loginCodes.issue(email)
      app.mailer.send(codeEmail(email, code, CODE_TTL_MS / 60_000))
      setTempCookie(reply, tempToken, CODE_TTL_MS / 1000)
      return { Data: { tempToken } }
    },
  })

  app.route({
    ...routeOf('verify'),
    handler: async (request, reply) => {
      await app.rateLimiter.hit(`verify:ip:${request.ip}`, settings.VERIFY_LIMIT_PER_IP)
      const checked = await app.loginCodes.check(tempTokenOf(request), request.body.code)
      const user = await app.users.findIdByEmail(checked.email)
      const manager = user ? undefined : await app.users.managerNamed(checked.email)
      if (!user && manager === undefined) {
        // The email is proved theirs: onboarding creates its account with this temp token
        // alone, no second code (the cookie lives as long, for an app that holds 'cookie').
        await app.loginCodes.markVerified(checked)
        setTempCookie(reply, checked.tempToken, SIGN_UP_TTL_MS / 1000)
        throw notFound(
          'No account uses this email yet. Tell us about your pool to create one.',
          ProblemCode.accountNotFound,
        )
      }
      const issued = await app.db.transaction(async (tx) => {
        await app.loginCodes.consume(tx, checked)
        // A manager's first sign-in makes its user (PRODUCT.md §18a).
        const id = user?.id ?? (await app.users.createManager(tx, checked.email, manager ?? ''))
        return app.refreshTokens.issue(tx, id, request.body.rememberMe ?? false)
      })
      return { Data: await startSession(app, reply, issued) }
    },
  })

  app.route({
    ...routeOf('onboarding'),
    handler: async (request, reply) => {
      await app.rateLimiter.hit(`verify:ip:${request.ip}`, settings.VERIFY_LIMIT_PER_IP)
      const { code, rememberMe, ...details } = request.body
      // Without a code, only a temp token that verify proved right for this email will do.
      // Either way the email is the login's: the body cannot name another.
      const checked =
        code === undefined
          ? await app.loginCodes.checkVerified(tempTokenOf(request))
          : await app.loginCodes.check(tempTokenOf(request), code)
      if (await app.users.findIdByEmail(checked.email)) throw accountExists()
      await refuseManagerEmail(app.db, checked.email)
      let issued: IssuedRefresh
      try {
        issued = await app.db.transaction(async (tx) => {
          await app.loginCodes.consume(tx, checked)
          const id = await app.users.createClient(tx, { ...details, email: checked.email })
          return app.refreshTokens.issue(tx, id, rememberMe ?? false)
        })
      } catch (error) {
        if (isUniqueViolation(error)) throw accountExists()
        throw error
      }
      return { Data: await startSession(app, reply, issued) }
    },
  })

  app.route({
    ...routeOf('refresh'),
    handler: async (request, reply) => {
      let issued: RotatedRefresh
      try {
        issued = await app.refreshTokens.rotate(request.cookies[REFRESH_COOKIE])
      } catch (error) {
        clearSessionCookies(reply)
        throw error
      }
      // A rotation read the session with it; a replay within the grace reads it now.
      let read: SessionRead | null
      try {
        read =
          issued.session !== undefined ? issued.session : await app.users.session(issued.userId)
      } catch (error) {
        // The rotation stands: a failure to read the session must not end it.
        setSessionCookies(reply, issued)
        throw error
      }
      if (!read) {
        clearSessionCookies(reply)
        throw unauthenticated()
      }
      setSessionCookies(reply, issued)
      return { Data: await refreshAnswer(app, issued.userId, read) }
    },
  })

  app.route({
    ...routeOf('logout'),
    handler: async (request, reply) => {
      await app.refreshTokens.revoke(request.cookies[REFRESH_COOKIE])
      clearSessionCookies(reply)
      return { Data: null }
    },
  })

  app.route({
    ...routeOf('editStatus'),
    handler: async (request) => {
      const { onWaiting } = request.body
      await app.clients.setOnWaiting(identityOf(request).id, onWaiting)
      return { Data: { onWaiting } }
    },
  })

  app.route({
    ...routeOf('changeCity'),
    handler: async (request) => {
      const { id } = identityOf(request)
      await app.clients.move(id, request.body)
      return { Data: await refreshAnswer(app, id, await sessionOf(app, id)) }
    },
  })
}

export default authRoutes
