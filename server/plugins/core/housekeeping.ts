import { and, inArray, lte, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Db } from '../../db/driver/client'
import { recurringJob } from '../../lib/recurring-job'
import { loginCodes, rateLimits, refreshTokens } from '../../db/schema'
import { RATE_WINDOW_MS } from './rate-limiter'

/** The first run comes a minute after the server starts, then one an hour. */
export const HOUSEKEEPING_FIRST_RUN_MS = 60 * 1000
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000
/** Rows deleted per statement, so a long backlog never holds its locks for long. */
export const HOUSEKEEPING_BATCH = 5_000
/** An expired code is kept a day, so its temp token still hears "expired", not "request one". */
export const EXPIRED_CODE_KEPT_MS = 24 * 60 * 60 * 1000

/** A table's rows past use: those whose `column` is at or before `keptMs` ago. */
type Sweep = { table: PgTable; key: PgColumn; column: PgColumn; keptMs: number }

/**
 * A refresh token's row is kept until its family expires (until then a replayed spent token
 * still revokes the family), a login code's a day past its expiry, a rate-limit counter until its
 * window is over (the limiter would start a new one anyway).
 */
const SWEEPS = {
  refreshTokens: {
    table: refreshTokens,
    key: refreshTokens.id,
    column: refreshTokens.familyExpiresAt,
    keptMs: 0,
  },
  loginCodes: {
    table: loginCodes,
    key: loginCodes.id,
    column: loginCodes.expiresAt,
    keptMs: EXPIRED_CODE_KEPT_MS,
  },
  rateLimits: {
    table: rateLimits,
    key: rateLimits.key,
    column: rateLimits.windowStart,
    keptMs: RATE_WINDOW_MS,
  },
} satisfies Record<string, Sweep>

export type Swept = Record<keyof typeof SWEEPS, number>

export type Housekeeping = {
  /** One run: removes every row past use (see SWEEPS); answers how many of each. */
  run(): Promise<Swept>
}

declare module 'fastify' {
  interface FastifyInstance {
    housekeeping: Housekeeping
  }
}

/**
 * Deletes the table's rows past use, a batch at a time. The condition is the outer delete's too,
 * so a row renewed while the delete waited for its lock (a counter's new window) is kept.
 */
async function removeAll(db: Db, { table, key, column, keptMs }: Sweep, now: Date) {
  const past = lte(column, new Date(now.getTime() - keptMs))
  let removed = 0
  for (;;) {
    const batch = db.select({ key }).from(table).where(past).limit(HOUSEKEEPING_BATCH)
    const gone = await db
      .delete(table)
      .where(and(past, inArray(key, batch)))
      .returning({ key })
    removed += gone.length
    if (gone.length < HOUSEKEEPING_BATCH) return removed
  }
}

/**
 * Sign-in rows past use, removed every hour by every server: without it every refresh, code and
 * counted address would stay for good. PostgreSQL's autovacuum then reuses their space; PGlite
 * runs no autovacuum, so the run vacuums the tables it removed rows from.
 */
export default fp(
  async function housekeeping(app: FastifyInstance) {
    const run: Housekeeping['run'] = async () => {
      const now = app.clock()
      const names = Object.keys(SWEEPS) as (keyof typeof SWEEPS)[]
      const swept = {} as Swept
      for (const name of names) swept[name] = await removeAll(app.db, SWEEPS[name], now)
      const emptied = names.filter((name) => swept[name] > 0).map((name) => SWEEPS[name].table)
      if (emptied.length === 0) return swept
      if (app.dbKind === 'pglite') await app.db.execute(sql`vacuum ${sql.join(emptied, sql`, `)}`)
      app.log.info(swept, 'removed sign-in rows past use')
      return swept
    }

    app.decorate('housekeeping', { run })
    recurringJob(app, {
      name: 'housekeeping',
      firstMs: HOUSEKEEPING_FIRST_RUN_MS,
      everyMs: HOUSEKEEPING_INTERVAL_MS,
      run,
    })
  },
  { name: 'housekeeping', dependencies: ['db', 'core'] },
)
