import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { calendarTokens } from '../../../db/schema'
import { randomToken, sha256 } from '../../../lib/crypto'

/** 128 bits from the CSPRNG: too many to guess, so a plain SHA-256 of it is safe to store. */
const TOKEN_BYTES = 16

/** The secret address of each client's calendar feed (PRODUCT.md §9). */
export type Calendars = {
  /** A new token for `clientId`; the one before it stops working. */
  rotate(clientId: string): Promise<string>
  /** Whose feed `token` opens, or null. */
  clientOf(token: string): Promise<string | null>
}

declare module 'fastify' {
  interface FastifyInstance {
    calendars: Calendars
  }
}

export default fp(
  async function calendarsRepository(app: FastifyInstance) {
    const rotate: Calendars['rotate'] = async (clientId) => {
      const token = randomToken(TOKEN_BYTES)
      const values = { tokenHash: sha256(token), createdAt: app.clock() }
      await app.db
        .insert(calendarTokens)
        .values({ clientId, ...values })
        .onConflictDoUpdate({ target: calendarTokens.clientId, set: values })
      return token
    }

    const clientOf: Calendars['clientOf'] = async (token) => {
      const [row] = await app.db
        .select({ clientId: calendarTokens.clientId })
        .from(calendarTokens)
        .where(eq(calendarTokens.tokenHash, sha256(token)))
      return row?.clientId ?? null
    }

    app.decorate('calendars', { rotate, clientOf } satisfies Calendars)
  },
  { name: 'calendars', dependencies: ['db', 'core'] },
)
