// The builder's hot writes, each one statement: PostgreSQL runs a single statement in a
// transaction of its own, so the write, its row lock and the deferred data-version triggers
// (migration 0007) commit together in one round trip, with no BEGIN or COMMIT sent. Each is
// prepared once per connection (see preparedRowsOf).
import { sql, type SQL } from 'drizzle-orm'
import { NonStageTitle, type PoolEntry } from '../../../contract'
import { toIsoDate } from '../../../contract/scheduling'
import { preparedRowsOf, type Db } from '../../db/client'
import { wireTime } from '../../db/wire-time'

/** Which entry: the column and value of its key (a stage's id, or a non-stage's title). */
export type KeyColumns = { stageId: string | null; title: string | null }

/** What a step's write changes: its choices, or its done (true, false), or neither (a quote). */
export type EntryChange = {
  choices?: Record<string, unknown>
  done?: boolean
  /** The inspection that must have passed before the step is marked done, when one gates it. */
  gate?: string
}

export type NewQuoteRow = { vendor: string; amount: number; note: string }

type EntryAnswerRow = {
  stageId: string | null
  title: string | null
  choices: Record<string, unknown>
  done: boolean
  doneAt: string | null
  /** The entry's quotes when its row was written, including one the statement added. */
  quoteCount: number
  quotes: PoolEntry['quotes']
}

/** Its row as the statement answers it, and whether its quotes are all the row counts. */
export type WrittenEntry = { entry: PoolEntry; complete: boolean }

/**
 * Inserts or updates the entry, keyed by its unique index, and returns it as `entry`. The
 * statement's own snapshot decides nothing: a stage edit overwrites, a quote adds one, and the
 * gate's row is locked (shared) and rechecked as it is when the lock is granted.
 */
function upsertEntry(clientId: string, key: KeyColumns, change: EntryChange, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`
  const today = sql`${toIsoDate(now)}::date`
  const choices = change.choices === undefined ? null : JSON.stringify(change.choices)
  const done = change.done ?? null
  const target = key.stageId === null ? sql`(client_id, title)` : sql`(client_id, stage_id)`
  // Marking a done step done again (a retried request) keeps the moment it was first done.
  return sql`gate as (
      select 1 from inspections
      where client_id = ${clientId} and slug = ${change.gate ?? null} and status = 'passed'
      for share
    ), entry as (
      insert into pool_entries
        (client_id, stage_id, title, choices, done, done_at, done_on, updated_at)
      select ${clientId}::uuid, ${key.stageId}::uuid, ${key.title}, coalesce(${choices}::jsonb, '{}'),
        coalesce(${done}::boolean, false), case when ${done}::boolean then ${at} end,
        case when ${done}::boolean then ${today} end, ${at}
      where ${change.gate === undefined || !change.done}::boolean or exists (select 1 from gate)
      on conflict ${target} do update set
        choices = coalesce(${choices}::jsonb, pool_entries.choices),
        done = coalesce(${done}::boolean, pool_entries.done),
        done_at = case ${done}::boolean when true then coalesce(pool_entries.done_at, ${at})
          when false then null else pool_entries.done_at end,
        done_on = case ${done}::boolean when true then coalesce(pool_entries.done_on, ${today})
          when false then null else pool_entries.done_on end,
        updated_at = ${at}
      returning *
    )`
}

/** The entry's answer, its quotes read in the statement's snapshot plus those in `added`. */
const answerOf = (added: SQL) => sql`
  select e.stage_id as "stageId", e.title, e.choices, e.done,
    ${wireTime(sql`e.done_at`)} as "doneAt", e.quote_count as "quoteCount",
    coalesce((
      select json_agg(json_build_object('id', q.id, 'vendor', q.vendor, 'amount', q.amount,
        'note', q.note, 'createdAt', ${wireTime(sql`q.created_at`)}, 'accepted', q.accepted)
        order by q.created_at, q.id)
      from (select * from quotes where entry_id = e.id union all ${added}) q
    ), '[]') as quotes
  from entry e`

function written(row: EntryAnswerRow | undefined, added: number): WrittenEntry | null {
  if (!row) return null
  const { stageId, title, quoteCount, ...rest } = row
  const entry = stageId
    ? { StageId: stageId, ...rest }
    : { Title: NonStageTitle.parse(title), ...rest }
  // The count is the row's as locked; the quotes the statement's snapshot, which a write that
  // committed while this one waited for the lock is missing from.
  return { entry, complete: row.quotes.length === quoteCount + added }
}

/** Saves a step's choices or done; null when its gate has not passed (nothing was written). */
export async function writeEntry(
  db: Db,
  clientId: string,
  key: KeyColumns,
  change: EntryChange,
  now: Date,
): Promise<WrittenEntry | null> {
  const [row] = await preparedRowsOf<EntryAnswerRow>(
    db,
    sql`with ${upsertEntry(clientId, key, change, now)}
      ${answerOf(sql`select * from quotes where false`)}`,
  )
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
  now: Date,
): Promise<WrittenEntry> {
  const [row] = await preparedRowsOf<EntryAnswerRow>(
    db,
    sql`with ${upsertEntry(clientId, key, {}, now)}, added as (
        insert into quotes (entry_id, vendor, amount, note, created_at)
        select id, ${quote.vendor}, ${quote.amount}::integer, ${quote.note},
          ${now.toISOString()}::timestamptz from entry
        returning *
      )
      ${answerOf(sql`select * from added`)}`,
  )
  const result = written(row, 1)
  if (!result) throw new Error('add-quote wrote no entry')
  return result
}
