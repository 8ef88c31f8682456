import { addDays } from 'date-fns'
import { asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { STARTUP_DAYS, type StartupDay, type StartupDayBody } from '../../../../contract/passport'
import { day as dayOf, toIsoDate } from '../../../../contract/schedule-spans'
import type { Timeline } from '../../../../contract/timeline'
import { startupDays } from '../../../db/schema'

/**
 * The start-up log (PRODUCT.md §17): 28 days from the pool-startup step's start. A day's date is
 * worked out on every read from the timeline, never stored; a day nothing was recorded on reads
 * as empty.
 */
export type StartupLog = {
  /** Its days dated from `timeline` (read for it unless given): two statements at most. */
  get(clientId: string, timeline?: Promise<Timeline>): Promise<StartupDay[]>
  /** A field left out keeps its value, null clears it; answers the whole log after. */
  set(clientId: string, day: number, write: StartupDayBody): Promise<StartupDay[]>
}

declare module 'fastify' {
  interface FastifyInstance {
    startupLog: StartupLog
  }
}

/** The day the pool-startup step started, as the timeline tells it; null while it has not. */
export function startupStart(timeline: Timeline): string | null {
  const step = timeline.steps.find((s) => s.step === 'pool-startup')
  if (!step) return null
  return step.startedOn ?? (step.doneOn ? step.forecast.start : null)
}

/** All 28 days of a client's log, in order, dated from `start`. */
export function logOf(
  rows: (typeof startupDays.$inferSelect)[],
  start: string | null,
): StartupDay[] {
  const byDay = new Map(rows.map((row) => [row.day, row]))
  return Array.from({ length: STARTUP_DAYS }, (_, i) => {
    const day = i + 1
    const row = byDay.get(day)
    return {
      day,
      date: start && toIsoDate(addDays(dayOf(start), i)),
      ph: row?.ph ?? null,
      freeChlorine: row?.freeChlorine ?? null,
      alkalinity: row?.alkalinity ?? null,
      calcium: row?.calcium ?? null,
      cya: row?.cya ?? null,
      brushed: row?.brushed ?? false,
      note: row?.note ?? '',
    }
  })
}

export default fp(
  async function startupLogRepository(app: FastifyInstance) {
    const { db } = app

    const get: StartupLog['get'] = async (clientId, timeline) => {
      const [rows, shown] = await Promise.all([
        db
          .select()
          .from(startupDays)
          .where(eq(startupDays.clientId, clientId))
          .orderBy(asc(startupDays.day)),
        timeline ?? app.timelines.get(clientId),
      ])
      return logOf(rows, startupStart(shown))
    }

    const set: StartupLog['set'] = async (clientId, day, write) => {
      // Only what was sent: undefined keys are left out of the insert and of the update.
      const given = Object.fromEntries(
        Object.entries(write).filter(([, value]) => value !== undefined),
      ) as Partial<typeof startupDays.$inferInsert>
      const updatedAt = app.clock()
      await db
        .insert(startupDays)
        .values({ clientId, day, ...given, updatedAt })
        .onConflictDoUpdate({
          target: [startupDays.clientId, startupDays.day],
          set: { ...given, updatedAt },
        })
      return get(clientId)
    }

    app.decorate('startupLog', { get, set } satisfies StartupLog)
  },
  { name: 'startup-log', dependencies: ['db', 'core', 'timelines'] },
)
