// Which emails a client wants, and which were sent.
import { sql } from 'drizzle-orm'
import { bigserial, boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { updatedAt, at, day } from './columns'
import { clientId } from './client-column'

/** Which emails a client wants; no row means every kind is on. */
export const notificationPreferences = pgTable('notification_preferences', {
  clientId: clientId().primaryKey(),
  inspectionReminders: boolean('inspection_reminders').notNull().default(true),
  stepUpdates: boolean('step_updates').notNull().default(true),
  warrantyReminders: boolean('warranty_reminders').notNull().default(true),
  tradeInsurance: boolean('trade_insurance').notNull().default(true),
  updatedAt: updatedAt(),
})

/**
 * One row per notification email: the unique key (client, kind, subject, day) is claimed before
 * the email is sent, so every server agrees that it goes out once; `sentAt` stays null until it
 * has, so a claim whose send never finished can be found and retried.
 */
export const notificationLog = pgTable(
  'notification_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientId: clientId(),
    kind: text('kind', {
      enum: [
        'inspection-tomorrow',
        'ready-to-start',
        'running-late',
        'warranty-expiring',
        'insurance',
      ],
    }).notNull(),
    /**
     * What the email is about: a step or an inspection slug, a warranty's id, a trade's id and
     * the reminder's window (`{tradeId}/30`).
     */
    subject: text('subject').notNull(),
    /** The name the email gives its subject, as it was when claimed: a trade's company. */
    about: text('about'),
    onDate: day('on_date').notNull(),
    claimedAt: at('claimed_at').notNull().defaultNow(),
    sentAt: at('sent_at'),
  },
  (t) => [
    uniqueIndex('notification_log_once_idx').on(t.clientId, t.kind, t.subject, t.onDate),
    index('notification_log_unsent_idx')
      .on(t.claimedAt)
      .where(sql`${t.sentAt} is null`),
  ],
)
