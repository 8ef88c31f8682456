// The builder's hot writes, each one statement: PostgreSQL runs a single statement in a
// transaction of its own, so the write, its row lock and the deferred data-version triggers
// (migration 0007) commit together in one round trip, with no BEGIN or COMMIT sent. Each is
// prepared once per connection (see preparedStatement). Writes that queue while the database is
// busy go together, many in one statement (see `batched`).
import crypto from 'node:crypto'
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../../db/driver/client'
import { batched, quoteBatches, writeBatches } from './entry-batches'
import {
  answerOf,
  byKey,
  quotesBefore,
  statementOf,
  value,
  written,
  type EntryValues,
  type KeyColumns,
  type QuoteValues,
  type WrittenEntry,
} from './entry-sql'

/** What a step's write changes: its choices, or its done (true, false), or neither (a quote). */
export type EntryChange = {
  choices?: Record<string, unknown>
  done?: boolean
  /** The inspection that must have passed before the step is marked done, when one gates it. */
  gate?: string
}

/** A quote's own columns, beside its entry's: the owner's, or a trade's bid (PRODUCT.md §14). */
export type NewQuoteRow = Omit<QuoteValues, keyof EntryValues | 'quoteId'>

/**
 * A new row's id, made here rather than by the column's default: PGlite's gen_random_uuid opens
 * /dev/urandom at every call, and an upsert makes its new row's id even when it updates.
 */
const newId = () => crypto.randomUUID()

/**
 * Inserts or updates the entry, keyed by its unique index, and returns it as `entry`. The
 * statement's own snapshot decides nothing: a stage edit overwrites, a quote adds one, and the
 * gate's row is locked (shared) and rechecked as it is when the lock is granted.
 */
function upsertEntry(key: 'stage' | 'title'): SQL {
  const at = sql`${value('at')}::timestamptz`
  const today = sql`${value('today')}::date`
  const choices = sql`${value('choices')}::jsonb`
  const done = sql`${value('done')}::boolean`
  const target = key === 'stage' ? sql`(client_id, stage_id)` : sql`(client_id, title)`
  // Marking a done step done again (a retried request) keeps the moment it was first done.
  return sql`gate as (
      select 1 from inspections
      where client_id = ${value('clientId')}::uuid and slug = ${value('gate')}
        and status = 'passed'
      for share
    ), entry as (
      insert into pool_entries
        (id, client_id, stage_id, title, choices, done, done_at, done_on, updated_at)
      select ${value('entryId')}::uuid, ${value('clientId')}::uuid, ${value('stageId')}::uuid,
        ${value('title')},
        coalesce(${choices}, '{}'), coalesce(${done}, false), case when ${done} then ${at} end,
        case when ${done} then ${today} end, ${at}
      where ${value('ungated')}::boolean or exists (select 1 from gate)
      on conflict ${target} do update set
        choices = coalesce(${choices}, pool_entries.choices),
        done = coalesce(${done}, pool_entries.done),
        done_at = case ${done} when true then coalesce(pool_entries.done_at, ${at})
          when false then null else pool_entries.done_at end,
        done_on = case ${done} when true then coalesce(pool_entries.done_on, ${today})
          when false then null else pool_entries.done_on end,
        updated_at = ${at}
      returning *
    )`
}

const writeStatements = byKey<EntryValues>(
  (key) => sql`with ${upsertEntry(key)} ${answerOf(quotesBefore)}`,
)

const quoteStatements = byKey<QuoteValues>(
  (key) => sql`with ${upsertEntry(key)}, added as (
      insert into quotes (id, entry_id, vendor, amount, note, created_at, trade_id,
        bid_request_id, items, valid_until, file_id, entered_by)
      select ${value('quoteId')}::uuid, id, ${value('vendor')}, ${value('amount')}::integer,
        ${value('note')}, ${value('at')}::timestamptz, ${value('tradeId')}::uuid,
        ${value('bidRequestId')}::uuid, ${value('items')}::jsonb, ${value('validUntil')}::date,
        ${value('fileId')}::uuid, ${value('enteredBy')} from entry
      returning *
    )
    ${answerOf(sql`${quotesBefore} union all select * from added`)}`,
)

const sendWrite = {
  stage: batched(writeStatements.stage, writeBatches.stage),
  title: batched(writeStatements.title, writeBatches.title),
}
const sendQuote = {
  stage: batched(quoteStatements.stage, quoteBatches.stage),
  title: batched(quoteStatements.title, quoteBatches.title),
}

/** When a write happens: the instant, and the day it is in the client's project (its done day). */
export type WriteTime = { now: Date; today: string }

/** The values of a write to the entry `key` names at `time`. */
function entryValues(
  clientId: string,
  key: KeyColumns,
  change: EntryChange,
  { now, today }: WriteTime,
): EntryValues {
  return {
    entryId: newId(),
    clientId,
    stageId: key.stageId,
    title: key.title,
    choices: change.choices === undefined ? null : JSON.stringify(change.choices),
    done: change.done ?? null,
    gate: change.gate ?? null,
    ungated: change.gate === undefined || !change.done,
    at: now.toISOString(),
    today,
  }
}

/** Saves a step's choices or done; null when its gate has not passed (nothing was written). */
export async function writeEntry(
  db: Db,
  clientId: string,
  key: KeyColumns,
  change: EntryChange,
  time: WriteTime,
): Promise<WrittenEntry | null> {
  const row = await statementOf(sendWrite, key)(db, entryValues(clientId, key, change, time))
  return written(row, 0)
}

/**
 * Adds a quote, creating the entry if need be. The quotes trigger counts it on the entry's row
 * (migration 0009), whose check refuses a quote beyond the limit: the statement then fails.
 */
export async function insertQuote(
  db: Db,
  clientId: string,
  key: KeyColumns,
  quote: NewQuoteRow,
  time: WriteTime,
): Promise<WrittenEntry> {
  const row = await statementOf(sendQuote, key)(db, {
    ...entryValues(clientId, key, {}, time),
    quoteId: newId(),
    ...quote,
  })
  const result = written(row, 1)
  if (!result) throw new Error('add-quote wrote no entry')
  return result
}
