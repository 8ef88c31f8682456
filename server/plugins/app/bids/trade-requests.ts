// A bid request as the trade portal reads it: by its link's token, or by a trade session's
// cookie, and only while its link works (PRODUCT.md §14, §18a).
import { eq, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { BidsProblemCode } from '../../../../contract/bids'
import { StepSlug } from '../../../../contract/construction'
import { bidRequests, clients, poolEntries, quotes, trades } from '../../../db/schema'
import { HttpProblem } from '../../../lib/problem'
import { todayOf } from '../../../lib/today'
import { cityZoneOf, zoneOf } from '../accounts/client-zone'
import { linkHash, linkWorks } from './link'

/** The request a link or a session stands for, with what its trade and its award say. */
export type TradeRequest = Omit<typeof bidRequests.$inferSelect, 'step'> & {
  step: StepSlug
  company: string
  tradeEmail: string
  /** The request's quote was accepted by the owner. */
  accepted: boolean
  /** Today in the owner's project, the day its due date is compared with. */
  today: string
}

/** An unknown, expired, withdrawn or replaced link: all answer alike. */
export const linkGone = () =>
  new HttpProblem(
    410,
    BidsProblemCode.linkGone,
    'This bid request was withdrawn, replaced by a newer link, or has expired.',
  )

/** The request `where` names, while its link works; else 410 LINK_GONE. */
export async function liveRequest(app: FastifyInstance, where: SQL): Promise<TradeRequest> {
  const [row] = await app.db
    .select({
      request: bidRequests,
      company: trades.company,
      tradeEmail: trades.email,
      accepted: quotes.accepted,
      stepDoneOn: poolEntries.doneOn,
      cityZone: cityZoneOf,
      state: clients.state,
    })
    .from(bidRequests)
    .innerJoin(trades, eq(trades.id, bidRequests.tradeId))
    .innerJoin(clients, eq(clients.userId, bidRequests.clientId))
    .leftJoin(quotes, eq(quotes.id, bidRequests.quoteId))
    .leftJoin(poolEntries, eq(poolEntries.id, quotes.entryId))
    .where(where)
  if (!row) throw linkGone()
  const accepted = row.accepted ?? false
  const today = todayOf(app, zoneOf(row.cityZone, row.state))
  if (!linkWorks(row.request, { accepted, stepDoneOn: row.stepDoneOn }, today)) throw linkGone()
  return {
    ...row.request,
    step: StepSlug.parse(row.request.step),
    company: row.company,
    tradeEmail: row.tradeEmail,
    accepted,
    today,
  }
}

/** The request of a link's token, while it works. */
export const requestOfToken = (app: FastifyInstance, token: string) =>
  liveRequest(app, eq(bidRequests.tokenHash, linkHash(app, token)))

/** "p•••@example.com": enough for the trade to know which inbox, no more. */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@')
  return `${email.slice(0, Math.min(1, at))}•••${email.slice(at)}`
}
