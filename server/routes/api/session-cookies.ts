import type { FastifyReply, FastifyRequest } from 'fastify'
import type { IssuedRefresh } from '../../plugins/app/accounts/refresh-tokens'

export const REFRESH_COOKIE = 'refresh_token'
export const REMEMBER_COOKIE = 'rememberLogin'
export const TEMP_COOKIE = 'temp_token'
export const TEMP_TOKEN_HEADER = 'temp-token'

/** Cookies are Secure when the app is served over https. */
export const secureCookies = (reply: FastifyReply) =>
  reply.server.settings.PUBLIC_URL?.startsWith('https:') ?? false

/** The refresh token is httpOnly and scoped to /api; rememberLogin is readable by the app. */
export function setSessionCookies(reply: FastifyReply, issued: IssuedRefresh) {
  const secure = secureCookies(reply)
  const seconds = Math.round((issued.expiresAt.getTime() - reply.server.clock().getTime()) / 1000)
  const lifetime = issued.persistent ? { maxAge: seconds } : {}
  reply.setCookie(REFRESH_COOKIE, issued.token, {
    path: '/api',
    httpOnly: true,
    sameSite: 'strict',
    secure,
    ...lifetime,
  })
  if (issued.persistent) {
    reply.setCookie(REMEMBER_COOKIE, 'true', { path: '/', sameSite: 'strict', secure, ...lifetime })
  } else {
    reply.clearCookie(REMEMBER_COOKIE, { path: '/' })
  }
}

export function clearSessionCookies(reply: FastifyReply) {
  reply.clearCookie(REFRESH_COOKIE, { path: '/api', httpOnly: true, sameSite: 'strict' })
  reply.clearCookie(REMEMBER_COOKIE, { path: '/', sameSite: 'strict' })
}

export function setTempCookie(reply: FastifyReply, tempToken: string, seconds: number) {
  reply.setCookie(TEMP_COOKIE, tempToken, {
    path: '/api',
    httpOnly: true,
    sameSite: 'strict',
    secure: secureCookies(reply),
    maxAge: seconds,
  })
}

/** The Temp-Token header, or (when the app holds the marker 'cookie') the temp cookie. */
export function tempTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers[TEMP_TOKEN_HEADER]
  if (typeof header === 'string' && header !== '' && header !== 'cookie') return header
  return request.cookies[TEMP_COOKIE]
}
