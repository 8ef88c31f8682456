import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import {
  DEFAULT_SCHEDULE,
  STEP_SLUGS,
  type ScheduleRow,
  type ScheduleSettings,
  type StepSlug,
  type StepTiming,
} from '../../../../contract'
import { stepTitle } from '../../../../contract/scheduling'
import type { Db, Tx } from '../../../db/driver/client'
import { scheduleSettings } from '../../../db/schema'
import { adminWrite, found } from '../../../lib/audit'

/**
 * Every step's duration and wait (PRODUCT.md §9), which every client's plan and forecast are
 * computed from when read: a change reaches every client at once and rewrites no one's rows.
 */
export type Schedule = {
  /** The settings now, read with `query` (a transaction's, to be consistent with its reads). */
  settings(query?: Db | Tx): Promise<ScheduleSettings>
  /** The 13 rows in construction order, as the back office lists them, read with `query`. */
  list(query?: Db | Tx): Promise<ScheduleRow[]>
  /** Audited as actorId's; answers the row as it now stands. */
  edit(actorId: string, step: StepSlug, timing: StepTiming): Promise<ScheduleRow>
}

declare module 'fastify' {
  interface FastifyInstance {
    schedule: Schedule
  }
}

/** A step's row of the settings, as a read selects it or its JSON has it. */
export type SettingJson = { step: string } & StepTiming

/** Every step's row as JSON, for a read that takes the settings with what it reads. */
export const settingsJson = sql`select json_agg(json_build_object('step', ${scheduleSettings.step},
    'durationDays', ${scheduleSettings.durationDays}, 'waitDays', ${scheduleSettings.waitDays}))
  from ${scheduleSettings}`

/** The settings the rows hold: seeded at start-up, the defaults stand in for a missing row. */
export function settingsOf(rows: readonly SettingJson[] | null): ScheduleSettings {
  const byStep = new Map((rows ?? []).map((r) => [r.step, r]))
  return Object.fromEntries(
    STEP_SLUGS.map((step) => {
      const row = byStep.get(step) ?? DEFAULT_SCHEDULE[step]
      return [step, { durationDays: row.durationDays, waitDays: row.waitDays }]
    }),
  ) as ScheduleSettings
}

const rowOf = (step: StepSlug, timing: StepTiming): ScheduleRow => ({
  step,
  title: stepTitle(step),
  durationDays: timing.durationDays,
  waitDays: timing.waitDays,
})

export default fp(
  async function scheduleRepository(app: FastifyInstance) {
    const settings: Schedule['settings'] = async (query = app.db) =>
      settingsOf(await query.select().from(scheduleSettings))

    const list: Schedule['list'] = async (query) => {
      const now = await settings(query)
      return STEP_SLUGS.map((step) => rowOf(step, now[step]))
    }

    const edit: Schedule['edit'] = (actorId, step, timing) =>
      adminWrite(app.db, actorId, async (tx) => {
        const [row] = await tx
          .select()
          .from(scheduleSettings)
          .where(eq(scheduleSettings.step, step))
          .for('update')
        const before = rowOf(step, found(row, 'schedule step'))
        const [updated] = await tx
          .update(scheduleSettings)
          .set({ ...timing, updatedAt: sql`now()` })
          .where(eq(scheduleSettings.step, step))
          .returning()
        const after = rowOf(step, found(updated, 'schedule step'))
        return { action: 'edit', entity: 'schedule', entityId: step, before, after, data: after }
      })

    app.decorate('schedule', { settings, list, edit } satisfies Schedule)
  },
  { name: 'schedule', dependencies: ['db'] },
)
