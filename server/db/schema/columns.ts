// The columns most tables share, by what they hold.
import {
  boolean,
  date,
  timestamp,
  uuid,
  type AnyPgColumn,
  type UpdateDeleteAction,
} from 'drizzle-orm/pg-core'

export const id = () => uuid('id').primaryKey().defaultRandom()
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
/** When a row was made and last changed. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() })
export const at = (name: string) => timestamp(name, { withTimezone: true })
/** Seeded sample reference data (server/db/samples.ts), so the back office can tell it apart. */
export const sample = () => boolean('sample').notNull().default(false)
/** A day of the project's calendar, read and written as `YYYY-MM-DD`. */
export const day = (name: string) => date(name, { mode: 'string' })
/** A required key to a row of `target`'s table (a thunk, as that table may come further on). */
export const keyTo = (name: string, target: () => AnyPgColumn, onDelete?: UpdateDeleteAction) =>
  uuid(name)
    .notNull()
    .references(target, onDelete ? { onDelete } : undefined)
