import type { FastifyInstance } from 'fastify'
import { DEFAULT_TIME_ZONE, dayIn } from '../../contract'

/**
 * Today in a project's calendar: the day of the server's clock in the project's time zone (its
 * city's), the one day every date of the timeline is compared with.
 */
export const todayOf = (app: FastifyInstance, timeZone: string): string =>
  dayIn(app.clock(), timeZone)

/**
 * Today in client `clientId`'s project, in the zone its identity carries: the caller's own is
 * cached by the call's authentication, so this reads nothing then. Read before a transaction.
 */
export async function clientToday(app: FastifyInstance, clientId: string): Promise<string> {
  const identity = await app.users.identity(clientId)
  return todayOf(app, identity?.timeZone ?? DEFAULT_TIME_ZONE)
}
