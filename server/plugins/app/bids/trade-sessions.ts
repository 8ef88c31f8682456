// A trade's sign-in on its link's page (PRODUCT.md §14): a one-time code by the rules of §4
// (code-rules.ts), then a session whose cookie is random and stored only as its keyed hash.
import crypto from 'node:crypto'
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { TRADE_SESSION_SECONDS } from '../../../../contract/bids'
import type { Tx } from '../../../db/driver/client'
import { bidRequests, tradeCodes, tradeSessions } from '../../../db/schema'
import { randomCode, sameHash } from '../../../lib/crypto'
import { unauthenticated } from '../../../lib/problem'
import {
  closedCode,
  CODE_TTL_MS,
  codeExpired,
  codeHash,
  codeUsed,
  MAX_CODE_TRIES,
  wrongCode,
} from '../accounts/code-rules'
import { linkHash, newLinkToken } from './link'
import { liveRequest, type TradeRequest } from './trade-requests'

const noCode = () => unauthenticated('Request a code to continue.')

/** A new code for the request; any older unused code of it stops working. */
export async function issueTradeCode(app: FastifyInstance, requestId: string): Promise<string> {
  const now = app.clock()
  const code = randomCode()
  const id = crypto.randomUUID()
  await app.db.transaction(async (tx) => {
    await tx
      .update(tradeCodes)
      .set({ supersededAt: now })
      .where(
        and(
          eq(tradeCodes.bidRequestId, requestId),
          isNull(tradeCodes.usedAt),
          isNull(tradeCodes.supersededAt),
        ),
      )
    await tx.insert(tradeCodes).values({
      id,
      bidRequestId: requestId,
      codeHash: codeHash(app.keys.tradeCode, id, code),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      createdAt: now,
    })
  })
  return code
}

/** Checks the request's latest code; a wrong one costs one of its 5 tries. */
export async function checkTradeCode(
  app: FastifyInstance,
  requestId: string,
  code: string,
): Promise<string> {
  const [row] = await app.db
    .select()
    .from(tradeCodes)
    .where(eq(tradeCodes.bidRequestId, requestId))
    .orderBy(sql`${tradeCodes.createdAt} desc`, sql`${tradeCodes.id} desc`)
    .limit(1)
  if (!row) throw noCode()
  const closed = closedCode(row)
  if (closed) throw closed
  if (row.expiresAt <= app.clock()) throw codeExpired()
  if (sameHash(row.codeHash, codeHash(app.keys.tradeCode, row.id, code))) return row.id
  const [counted] = await app.db
    .update(tradeCodes)
    .set({ attempts: sql`${tradeCodes.attempts} + 1` })
    .where(and(eq(tradeCodes.id, row.id), lt(tradeCodes.attempts, MAX_CODE_TRIES)))
    .returning({ attempts: tradeCodes.attempts })
  throw wrongCode(counted?.attempts)
}

/**
 * Uses the checked code up (exactly once under parallel requests), opens a session and marks
 * the request viewed the first time. Answers the session's cookie value.
 */
export async function openTradeSession(
  app: FastifyInstance,
  request: TradeRequest,
  codeId: string,
): Promise<string> {
  const now = app.clock()
  const cookie = newLinkToken()
  await app.db.transaction(async (tx: Tx) => {
    const used = await tx
      .update(tradeCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(tradeCodes.id, codeId),
          isNull(tradeCodes.usedAt),
          isNull(tradeCodes.supersededAt),
          lt(tradeCodes.attempts, MAX_CODE_TRIES),
          gt(tradeCodes.expiresAt, now),
        ),
      )
      .returning({ id: tradeCodes.id })
    if (used.length === 0) throw codeUsed()
    await tx.insert(tradeSessions).values({
      bidRequestId: request.id,
      tokenHash: linkHash(app, cookie),
      expiresAt: new Date(now.getTime() + TRADE_SESSION_SECONDS * 1000),
      createdAt: now,
    })
    await tx
      .update(bidRequests)
      .set({ status: 'viewed', viewedAt: now })
      .where(and(eq(bidRequests.id, request.id), eq(bidRequests.status, 'sent')))
  })
  return cookie
}

/** The request of a live session's cookie; 401 for none, an unknown, expired or revoked one. */
export async function requestOfSession(
  app: FastifyInstance,
  cookie: string | undefined,
): Promise<TradeRequest> {
  if (!cookie) throw unauthenticated()
  const [session] = await app.db
    .select({ requestId: tradeSessions.bidRequestId })
    .from(tradeSessions)
    .where(
      and(
        eq(tradeSessions.tokenHash, linkHash(app, cookie)),
        isNull(tradeSessions.revokedAt),
        gt(tradeSessions.expiresAt, app.clock()),
      ),
    )
  if (!session) throw unauthenticated('Your session has ended. Send yourself a new code.')
  return liveRequest(app, eq(bidRequests.id, session.requestId))
}

/** Ends a session (signing out); an unknown cookie ends nothing. */
export async function revokeTradeSession(app: FastifyInstance, cookie: string): Promise<void> {
  await app.db
    .update(tradeSessions)
    .set({ revokedAt: app.clock() })
    .where(and(eq(tradeSessions.tokenHash, linkHash(app, cookie)), isNull(tradeSessions.revokedAt)))
}
