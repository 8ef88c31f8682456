// The pool passport's own records: the equipment register and the start-up log.
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  pgTable,
  real,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { STARTUP_DAYS } from '../../../contract/passport'
import { createdAt, day, updatedAt } from './columns'
import { ownedByClient } from './client-column'
import { warranties } from './documents'

/**
 * A piece of the pool's equipment (PRODUCT.md §17), at most MAX_EQUIPMENT per client. Deleting
 * the warranty that covers it leaves it uncovered.
 */
export const equipment = pgTable(
  'equipment',
  {
    ...ownedByClient(),
    kind: text('kind').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    serial: text('serial').notNull().default(''),
    installedOn: day('installed_on'),
    warrantyId: uuid('warranty_id').references(() => warranties.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('equipment_client_idx').on(t.clientId, t.createdAt),
    index('equipment_warranty_idx').on(t.warrantyId),
  ],
)

/** One day of the start-up log (§17): a row only once something of the day is recorded. */
export const startupDays = pgTable(
  'startup_days',
  {
    ...ownedByClient(),
    day: smallint('day').notNull(),
    ph: real('ph'),
    freeChlorine: real('free_chlorine'),
    alkalinity: real('alkalinity'),
    calcium: real('calcium'),
    cya: real('cya'),
    brushed: boolean('brushed').notNull().default(false),
    note: text('note').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('startup_days_client_day_idx').on(t.clientId, t.day),
    check('startup_days_day', sql`${t.day} between 1 and ${sql.raw(String(STARTUP_DAYS))}`),
  ],
)
