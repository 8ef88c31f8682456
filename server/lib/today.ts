import type { FastifyInstance } from 'fastify'
import { toIsoDate } from '../../contract/schedule-spans'

/**
 * Today in the project's calendar: the date of the server's clock in its own time zone (`TZ`),
 * the one day every date of the timeline is compared with.
 */
export const todayOf = (app: FastifyInstance): string => toIsoDate(app.clock())
