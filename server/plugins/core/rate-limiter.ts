import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { ProblemCode } from '../../../contract/problem'
import { sha256 } from '../../lib/crypto'
import { HttpProblem } from '../../lib/problem'
import { rateLimits } from '../../db/schema'

export const RATE_WINDOW_MS = 15 * 60 * 1000

export type RateLimiter = {
  /** Counts one hit on `key`; throws 429 with Retry-After once more than `limit` fall in the window. */
  hit(key: string, limit: number): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter
  }
}

/**
 * Fixed 15-minute windows counted in the database, so every server behind a load balancer
 * agrees. Keys are hashed: no email or address is stored in the counters.
 */
export default fp(
  async function rateLimiter(app: FastifyInstance) {
    const hit: RateLimiter['hit'] = async (key, limit) => {
      const now = app.clock()
      const windowStart = new Date(now.getTime() - RATE_WINDOW_MS)
      const expired = sql`${rateLimits.windowStart} <= ${windowStart.toISOString()}`
      const [row] = await app.db
        .insert(rateLimits)
        .values({ key: sha256(key), windowStart: now, count: 1 })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
            windowStart: sql`case when ${expired} then excluded.window_start else ${rateLimits.windowStart} end`,
          },
        })
        .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart })
      if (!row || row.count <= limit) return
      const resetsAt = row.windowStart.getTime() + RATE_WINDOW_MS
      throw new HttpProblem(
        429,
        ProblemCode.rateLimited,
        'Too many attempts. Please wait and try again.',
        {
          retryAfter: Math.max(1, Math.ceil((resetsAt - now.getTime()) / 1000)),
        },
      )
    }
    app.decorate('rateLimiter', { hit })
  },
  { name: 'rate-limiter', dependencies: ['db', 'core'] },
)
