import type { FastifyReply } from 'fastify'
import { TRADE_SESSION_COOKIE, TRADE_SESSION_SECONDS } from '../../../../contract/bids'
import { secureCookies } from '../session-cookies'

/** Only the trade calls see it: httpOnly, SameSite=Strict, under /api/trade, for 4 hours. */
const TRADE_COOKIE = { path: '/api/trade', httpOnly: true, sameSite: 'strict' } as const

export function setTradeCookie(reply: FastifyReply, value: string) {
  reply.setCookie(TRADE_SESSION_COOKIE, value, {
    ...TRADE_COOKIE,
    secure: secureCookies(reply),
    maxAge: TRADE_SESSION_SECONDS,
  })
}

export function clearTradeCookie(reply: FastifyReply) {
  reply.clearCookie(TRADE_SESSION_COOKIE, { ...TRADE_COOKIE, secure: secureCookies(reply) })
}
