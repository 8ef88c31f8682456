import crypto from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { ProblemCode } from '../../../contract/problem'
import type { Tx } from '../../db/client'
import { refreshTokens } from '../../db/schema'
import { hmac, randomToken, sha256 } from '../../lib/crypto'
import { unauthenticated } from '../../lib/problem'

export const REFRESH_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000
export const REFRESH_GRACE_MS = 10 * 1000

export type IssuedRefresh = { token: string; userId: string; persistent: boolean; expiresAt: Date }

export type RefreshTokens = {
  /** Starts a family: one sign-in, with one absolute expiry 30 days out. */
  issue(tx: Tx, userId: string, persistent: boolean): Promise<IssuedRefresh>
  /** Answers the successor of a valid token; a replay outside the grace revokes the family. */
  rotate(token: string | undefined): Promise<IssuedRefresh>
  /** Revokes the token's whole family (logout). */
  revoke(token: string | undefined): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    refreshTokens: RefreshTokens
  }
}

const invalid = () =>
  unauthenticated('Your session has ended. Please sign in again.', ProblemCode.refreshInvalid)

export default fp(
  async function refreshTokenRepository(app: FastifyInstance) {
    const { db, keys } = app
    // The successor is derived from its parent, so a replay of the parent within the grace
    // window can be answered with the very token already issued: the chain never forks.
    const successorOf = (token: string) => hmac(keys.refresh, token)

    const issue: RefreshTokens['issue'] = async (tx, userId, persistent) => {
      const now = app.clock()
      const token = randomToken(32)
      const expiresAt = new Date(now.getTime() + REFRESH_LIFETIME_MS)
      await tx.insert(refreshTokens).values({
        familyId: crypto.randomUUID(),
        userId,
        tokenHash: sha256(token),
        persistent,
        familyExpiresAt: expiresAt,
        createdAt: now,
      })
      return { token, userId, persistent, expiresAt }
    }

    const rotate: RefreshTokens['rotate'] = async (token) => {
      if (!token) throw invalid()
      const outcome = await db.transaction(async (tx) => {
        const now = app.clock()
        const [row] = await tx
          .select()
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, sha256(token)))
          .for('update')
        if (!row || row.revokedAt || row.familyExpiresAt <= now) return null
        const issued = {
          token: successorOf(token),
          userId: row.userId,
          persistent: row.persistent,
          expiresAt: row.familyExpiresAt,
        }
        if (!row.usedAt) {
          const [successor] = await tx
            .insert(refreshTokens)
            .values({
              familyId: row.familyId,
              userId: row.userId,
              tokenHash: sha256(issued.token),
              persistent: row.persistent,
              familyExpiresAt: row.familyExpiresAt,
              createdAt: now,
            })
            .returning({ id: refreshTokens.id })
          await tx
            .update(refreshTokens)
            .set({ usedAt: now, replacedById: successor?.id })
            .where(eq(refreshTokens.id, row.id))
          return issued
        }
        if (row.replacedById && now.getTime() - row.usedAt.getTime() <= REFRESH_GRACE_MS) {
          const [successor] = await tx
            .select()
            .from(refreshTokens)
            .where(eq(refreshTokens.id, row.replacedById))
            .for('update')
          if (successor && !successor.usedAt && !successor.revokedAt) return issued
        }
        // A replay of a spent token: it may have been stolen, so the whole sign-in ends.
        await tx
          .update(refreshTokens)
          .set({ revokedAt: now })
          .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)))
        return null
      })
      if (!outcome) throw invalid()
      return outcome
    }

    const revoke: RefreshTokens['revoke'] = async (token) => {
      if (!token) return
      const [row] = await db
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256(token)))
      if (!row) return
      await db
        .update(refreshTokens)
        .set({ revokedAt: app.clock() })
        .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)))
    }

    app.decorate('refreshTokens', { issue, rotate, revoke })
  },
  { name: 'refresh-tokens', dependencies: ['db', 'core'] },
)
