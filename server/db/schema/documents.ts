// Uploaded files, the daily log and the warranties.
import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, updatedAt, day, keyTo } from './columns'
import { ownedByClient } from './client-column'

/**
 * A photo or document (PRODUCT.md §11). Its bytes live in the file store (disk or S3) under keys
 * made of the id and each variant's name, never the uploaded name. The bytes are written before
 * the row and deleted after it, so a crash leaves at most bytes without a row, which the start-up
 * sweep removes.
 */
export const files = pgTable(
  'files',
  {
    ...ownedByClient(),
    kind: text('kind').notNull(),
    /** The uploaded name, sanitised: shown and offered on download, never used to store. */
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    /** Bytes of the original as stored. */
    size: integer('size').notNull(),
    /** Bytes of every variant together: what counts against the client's quota. */
    storedBytes: bigint('stored_bytes', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    step: text('step'),
    caption: text('caption').notNull().default(''),
    /** The variants stored: original, and thumb and view for images. */
    variants: text('variants').array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('files_client_created_idx').on(t.clientId, t.createdAt),
    index('files_client_step_idx').on(t.clientId, t.step),
    check('files_size', sql`${t.size} > 0 and ${t.storedBytes} >= ${t.size}`),
  ],
)

/** A link to a stored file, emptied when the file is deleted. */
export const fileLink = (name: string) =>
  uuid(name).references(() => files.id, { onDelete: 'set null' })

/** A day's note on a step (the daily log), with the files attached to it. */
export const logEntries = pgTable(
  'log_entries',
  {
    ...ownedByClient(),
    step: text('step').notNull(),
    date: day('date').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('log_entries_client_date_idx').on(t.clientId, t.date)],
)

/** The files of a log entry, in the order given; a file may be attached to several entries. */
export const logEntryFiles = pgTable(
  'log_entry_files',
  {
    logEntryId: keyTo('log_entry_id', () => logEntries.id, 'cascade'),
    fileId: keyTo('file_id', () => files.id, 'cascade'),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.logEntryId, t.fileId] }),
    index('log_entry_files_file_idx').on(t.fileId),
  ],
)

/**
 * A step's warranty, one per client and step. `starts_on` null means "from the step's done day",
 * read when it is shown, so marking the step done later dates it.
 */
export const warranties = pgTable(
  'warranties',
  {
    ...ownedByClient(),
    step: text('step').notNull(),
    provider: text('provider').notNull(),
    termMonths: integer('term_months').notNull(),
    startsOn: day('starts_on'),
    fileId: fileLink('file_id'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('warranties_client_step_idx').on(t.clientId, t.step),
    index('warranties_file_idx').on(t.fileId),
    check('warranties_term', sql`${t.termMonths} between 1 and 600`),
  ],
)
