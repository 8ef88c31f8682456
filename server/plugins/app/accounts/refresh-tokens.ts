import crypto from 'node:crypto'
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { ProblemCode } from '../../../../contract/problem'
import { preparedStatement, type Tx } from '../../../db/driver/client'
import { refreshTokens } from '../../../db/schema'
import { sessionReadOf, sessionSelect, type SessionRead, type SessionRow } from './session-read'
import { wireTime } from '../../../db/wire-time'
import { hmac, randomToken, sha256 } from '../../../lib/crypto'
import { unauthenticated } from '../../../lib/problem'

export const REFRESH_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000
export const REFRESH_GRACE_MS = 10 * 1000

export type IssuedRefresh = { token: string; userId: string; persistent: boolean; expiresAt: Date }
export type RotatedRefresh = IssuedRefresh & { session?: SessionRead | null }

export type RefreshTokens = {
  /** Starts a family: one sign-in, with one absolute expiry 30 days out. */
  issue(tx: Tx, userId: string, persistent: boolean): Promise<IssuedRefresh>
  /**
   * Answers the successor of a valid token; a replay outside the grace revokes the family. A
   * rotation answers the session read with it (null: the user is gone); a replay within the grace
   * answers none, and the caller reads it.
   */
  rotate(token: string | undefined): Promise<RotatedRefresh>
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

const rotatedAt = sql`${sql.placeholder('at')}::timestamptz`
/**
 * Rotates an unspent token in one statement: the token's row is locked, its successor inserted
 * and the row marked spent together, and the session the refresh answers with is read in the same
 * statement. A row spent while this waited for its lock is read as it then is (PostgreSQL
 * rechecks a locked row), so nothing is inserted and the caller hears that it was spent.
 */
const rotation = preparedStatement<
  SessionRow & { userId: string; persistent: boolean; expiresAt: string; rotated: boolean },
  { tokenHash: string; successorId: string; successorHash: string; at: string }
>(sql`with old as (
    select * from refresh_tokens where token_hash = ${sql.placeholder('tokenHash')}
      and revoked_at is null and family_expires_at > ${rotatedAt}
    for update
  ), successor as (
    insert into refresh_tokens
      (id, family_id, user_id, token_hash, persistent, family_expires_at, created_at)
    select ${sql.placeholder('successorId')}::uuid, family_id, user_id,
      ${sql.placeholder('successorHash')}, persistent,
      family_expires_at, ${rotatedAt}
    from old where used_at is null
    returning id
  ), spent as (
    update refresh_tokens set used_at = ${rotatedAt}, replaced_by_id = successor.id
    from successor where refresh_tokens.id = (select id from old)
  )
  select old.user_id as "userId", old.persistent,
    ${wireTime(sql`old.family_expires_at`)} as "expiresAt",
    exists (select 1 from successor) as rotated, session.*
  from old left join lateral (${sessionSelect(sql`old.user_id`)}) session on true`)

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

    const rotateUnspent = async (token: string, now: Date) => {
      const [row] = await rotation.rows(db, {
        tokenHash: sha256(token),
        // Made here, as the builder's writes make theirs (see entry-statements.ts).
        successorId: crypto.randomUUID(),
        successorHash: sha256(successorOf(token)),
        at: now.toISOString(),
      })
      return row
    }

    /**
     * A spent token: the successor already issued when the replay comes within the grace and
     * that successor is unused; otherwise the whole family is revoked (it may have been stolen).
     */
    const replay = (token: string, now: Date) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, sha256(token)))
          .for('update')
        if (!row || row.revokedAt) return null
        if (
          row.usedAt &&
          row.replacedById &&
          now.getTime() - row.usedAt.getTime() <= REFRESH_GRACE_MS
        ) {
          const [successor] = await tx
            .select()
            .from(refreshTokens)
            .where(eq(refreshTokens.id, row.replacedById))
            .for('update')
          if (successor && !successor.usedAt && !successor.revokedAt) {
            return {
              token: successorOf(token),
              userId: row.userId,
              persistent: row.persistent,
              expiresAt: row.familyExpiresAt,
            }
          }
        }
        await tx
          .update(refreshTokens)
          .set({ revokedAt: now })
          .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)))
        return null
      })

    const rotate: RefreshTokens['rotate'] = async (token) => {
      if (!token) throw invalid()
      const now = app.clock()
      const row = await rotateUnspent(token, now)
      if (!row) throw invalid()
      if (row.rotated) {
        const { userId, persistent, expiresAt } = row
        const issued = { token: successorOf(token), userId, persistent }
        return { ...issued, expiresAt: new Date(expiresAt), session: sessionReadOf(row) }
      }
      const replayed = await replay(token, now)
      if (!replayed) throw invalid()
      return replayed
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
