// The steps' price lists and tips, and each client's entry per step with its quotes.
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { QuoteItem } from '../../../contract/bids'
import type { Pricing } from '../../../contract/pricing'
import { MAX_QUOTES_PER_ENTRY } from '../../../contract/steps'
import { id, createdAt, updatedAt, at, day, keyTo } from './columns'
import { ownedByClient } from './client-column'
import { fileLink } from './documents'
import { trades } from './trades'

export const stages = pgTable('stages', {
  id: id(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  position: integer('position').notNull().unique(),
  pricing: jsonb('pricing').$type<Pricing>().notNull(),
  updatedAt: updatedAt(),
})

export const designTips = pgTable('design_tips', {
  id: id(),
  stageId: keyTo('stage_id', () => stages.id, 'cascade').unique(),
  text: text('text').notNull(),
  updatedAt: updatedAt(),
})

/** One per client per step: a stage (by stage id) or a non-stage (by title). */
export const poolEntries = pgTable(
  'pool_entries',
  {
    ...ownedByClient(),
    stageId: uuid('stage_id').references(() => stages.id, { onDelete: 'cascade' }),
    title: text('title'),
    choices: jsonb('choices').$type<Record<string, unknown>>().notNull().default({}),
    done: boolean('done').notNull().default(false),
    doneAt: at('done_at'),
    /** The day the step was marked done, in the project's calendar (null while not done). */
    doneOn: day('done_on'),
    startedOn: day('started_on'),
    /** The start agreed with the step's trade (an accepted date proposal): not before it. */
    agreedStart: day('agreed_start'),
    /**
     * The entry's quotes, kept by a trigger on quotes (migration 0009): the limit's check then
     * refuses a quote beyond it in the insert's own statement, and the row's lock orders racers.
     */
    quoteCount: smallint('quote_count').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('pool_entries_client_stage_idx').on(t.clientId, t.stageId),
    uniqueIndex('pool_entries_client_title_idx').on(t.clientId, t.title),
    check('pool_entries_one_key', sql`(${t.stageId} is null) <> (${t.title} is null)`),
    check(
      'pool_entries_quote_limit',
      sql`${t.quoteCount} between 0 and ${sql.raw(String(MAX_QUOTES_PER_ENTRY))}`,
    ),
  ],
)

export const quotes = pgTable(
  'quotes',
  {
    id: id(),
    entryId: keyTo('entry_id', () => poolEntries.id, 'cascade'),
    vendor: text('vendor').notNull(),
    amount: integer('amount').notNull(),
    note: text('note').notNull().default(''),
    accepted: boolean('accepted').notNull().default(false),
    createdAt: createdAt(),
    /**
     * The owner's trade who quoted, when recorded (PRODUCT.md §13). Deleting the trade forgets
     * it on a quote not accepted; the repository refuses while one is.
     */
    tradeId: uuid('trade_id').references(() => trades.id, { onDelete: 'set null' }),
    /**
     * The bid request whose bid made the quote (PRODUCT.md §14). No foreign key: the request
     * keys its quote (`bid_requests.quote_id`), and a quote outlives a deleted trade's requests.
     */
    bidRequestId: uuid('bid_request_id'),
    /** What the bid says of each of the step's scope items, or null for a quote without. */
    items: jsonb('items').$type<QuoteItem[]>(),
    validUntil: day('valid_until'),
    /** The bid's proposal (a PDF among the owner's files). */
    fileId: fileLink('file_id'),
    /** The manager who entered the quote for the owner, by name; null when the owner did. */
    enteredBy: text('entered_by'),
  },
  (t) => [
    index('quotes_entry_idx').on(t.entryId),
    index('quotes_trade_idx').on(t.tradeId),
    index('quotes_bid_request_idx').on(t.bidRequestId),
    index('quotes_file_idx').on(t.fileId),
  ],
)
