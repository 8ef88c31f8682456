// The rules of a bid request's link (PRODUCT.md §14, §18a), shared by the owner's calls that
// make links and the trade portal that takes them.
import { addDays, formatISO, parseISO } from 'date-fns'
import type { FastifyInstance } from 'fastify'
import { hmac, randomToken } from '../../../lib/crypto'

/** A new link token: 32 random bytes (256 bits), base64url; only its keyed hash is stored. */
export const newLinkToken = () => randomToken(32)

/** The keyed hash stored for a link token (or a trade session's cookie). */
export const linkHash = (app: FastifyInstance, token: string) => hmac(app.keys.tradeLink, token)

/** The days a link works after its due date, and after its step is done once its bid is accepted. */
export const LINK_DAYS = { afterDue: 30, afterDone: 90 } as const

const plusDays = (day: string, days: number) =>
  formatISO(addDays(parseISO(day), days), { representation: 'date' })

/**
 * Whether a link works on `today` (the project's day): not withdrawn or replaced (the caller
 * finds no row for a replaced token), until 30 days after its due date, or — once its bid is
 * accepted — until 90 days after its step is done (for ever while the step is not done).
 */
export function linkWorks(
  request: { status: string; dueOn: string },
  award: { accepted: boolean; stepDoneOn: string | null },
  today: string,
): boolean {
  if (request.status === 'withdrawn') return false
  if (award.accepted)
    return award.stepDoneOn === null || today <= plusDays(award.stepDoneOn, LINK_DAYS.afterDone)
  return today <= plusDays(request.dueOn, LINK_DAYS.afterDue)
}
