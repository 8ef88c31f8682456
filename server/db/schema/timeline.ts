// A client's project dates, the schedule's settings, inspections and the calendar feed's secret.
import { sql } from 'drizzle-orm'
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { CheckedItem } from '../../../contract/checklists'
import type { SavedBaseline } from '../../../contract/scheduling'
import { id, createdAt, updatedAt, at, day } from './columns'
import { clientId } from './client-column'

/** A client's project start date and baseline (the schedule as agreed when it was saved). */
export const projects = pgTable('projects', {
  clientId: clientId().primaryKey(),
  startDate: day('start_date').notNull(),
  baseline: jsonb('baseline').$type<Omit<SavedBaseline, 'savedAt'>>().notNull(),
  baselineSavedAt: at('baseline_saved_at').notNull(),
  updatedAt: updatedAt(),
})

/** Each step's working days and the calendar days its followers wait; seeded with §9's table. */
export const scheduleSettings = pgTable(
  'schedule_settings',
  {
    step: text('step').primaryKey(),
    durationDays: integer('duration_days').notNull(),
    waitDays: integer('wait_days').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('schedule_settings_duration', sql`${t.durationDays} between 0 and 120`),
    check('schedule_settings_wait', sql`${t.waitDays} between 0 and 60`),
  ],
)

/** What a client recorded of an inspection: where it stands, and each event of its history. */
const inspectionRecord = () => ({
  clientId: clientId(),
  slug: text('slug').notNull(),
  status: text('status', { enum: ['scheduled', 'passed', 'failed'] }).notNull(),
  date: day('date').notNull(),
  notes: text('notes').notNull().default(''),
})

/**
 * A client's inspection as it stands (the last of its history); absent while it is waiting or
 * ready. A gated step's mark-done reads it.
 */
export const inspections = pgTable(
  'inspections',
  {
    id: id(),
    ...inspectionRecord(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('inspections_client_slug_idx').on(t.clientId, t.slug),
    // The reminders look up tomorrow's inspections.
    index('inspections_scheduled_idx')
      .on(t.date)
      .where(sql`${t.status} = 'scheduled'`),
  ],
)

/** Every status an inspection was given, in the order given. */
export const inspectionEvents = pgTable(
  'inspection_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...inspectionRecord(),
    /** The checklist as it stood when the inspection passed or failed (PRODUCT.md §18a). */
    checklist: jsonb('checklist').$type<CheckedItem[]>(),
    createdAt: createdAt(),
  },
  (t) => [index('inspection_events_client_idx').on(t.clientId, t.id)],
)

/** The secret of a client's calendar feed, as its SHA-256 only; rotating replaces the row. */
export const calendarTokens = pgTable('calendar_tokens', {
  clientId: clientId().primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
})
