import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { StepSlug } from '../../../../contract/construction'
import { bidRequests, clients, trades, users } from '../../../db/schema'
import { recurringJob } from '../../../lib/recurring-job'
import { clientDay } from '../accounts/client-zone'
import { bidReminderEmail } from './bid-email'

export type BidReminders = {
  /** One run of the job: claims the reminders due today and sends them; answers how many. */
  run(): Promise<number>
}

declare module 'fastify' {
  interface FastifyInstance {
    bidReminders: BidReminders
  }
}

/**
 * The due-date reminder (PRODUCT.md §18a): on the project's day before a request is due, to a
 * trade that has not answered (sent or viewed), unless the request was made that day. Every
 * server runs the job; one UPDATE … WHERE reminded_at IS NULL claims each reminder, so whichever
 * server's update lands sends it and the others match nothing. A mail server that refuses it
 * loses it: the claim is the once, and a second email a day late would not help the trade.
 */
export default fp(
  async function bidReminders(app: FastifyInstance) {
    const { db } = app

    const run: BidReminders['run'] = async () => {
      const now = app.clock()
      // Each project's day, in its own time zone.
      const today = clientDay(bidRequests.clientId, now)
      const claimed = await db
        .update(bidRequests)
        .set({ remindedAt: now })
        .where(
          and(
            isNull(bidRequests.remindedAt),
            inArray(bidRequests.status, ['sent', 'viewed']),
            sql`${bidRequests.dueOn} = ${today} + 1`,
            sql`${clientDay(bidRequests.clientId, bidRequests.createdAt)} < ${today}`,
          ),
        )
        .returning({ id: bidRequests.id })
      if (claimed.length === 0) return 0
      const rows = await db
        .select({
          step: bidRequests.step,
          dueOn: bidRequests.dueOn,
          message: bidRequests.message,
          email: trades.email,
          contact: trades.contact,
          company: trades.company,
          name: users.name,
          city: clients.city,
          state: clients.state,
        })
        .from(bidRequests)
        .innerJoin(trades, eq(trades.id, bidRequests.tradeId))
        .innerJoin(users, eq(users.id, bidRequests.clientId))
        .innerJoin(clients, eq(clients.userId, bidRequests.clientId))
        .where(
          inArray(
            bidRequests.id,
            claimed.map((c) => c.id),
          ),
        )
      for (const { email, contact, company, name, city, state, ...request } of rows) {
        const to = { email, contact, company }
        const letter = { ...request, step: StepSlug.parse(request.step), to }
        app.mailer.send(bidReminderEmail({ ...letter, owner: { name, city, state } }))
      }
      return rows.length
    }

    app.decorate('bidReminders', { run })
    const every = app.settings.NOTIFY_INTERVAL * 1000
    recurringJob(app, { name: 'bid reminder', firstMs: every, everyMs: every, run })
  },
  { name: 'bid-reminders', dependencies: ['db', 'core', 'mailer'] },
)
