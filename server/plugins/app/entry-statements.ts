// The builder's hot writes, each one statement: PostgreSQL runs a single statement in a
// transaction of its own, so the write, its row lock and the deferred data-version triggers
// (migration 0007) commit together in one round trip, with no BEGIN or COMMIT sent. Each is
// prepared once per connection (see preparedStatement). Writes that queue while the database is
// busy go together, many in one statement (see `batched`).
import crypto from 'node:crypto'
import { sql, type SQL } from 'drizzle-orm'
import { NonStageTitle, type PoolEntry } from '../../../contract'
import { toIsoDate } from '../../../contract/schedule-spans'
import { batching } from '../../db/batching'
import { isRefusedStatement } from '../../lib/db-errors'
import { preparedStatement, runsOnPglite, type Db, type PreparedStatement } from '../../db/client'
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

/** The values every entry statement binds; a quote's adds its own. */
type EntryValues = {
  /** The id a new entry gets (see `newId`). */
  entryId: string
  clientId: string
  stageId: string | null
  title: string | null
  /** The choices as JSON text, or null to keep the entry's. */
  choices: string | null
  /** true or false to set, null to keep. */
  done: boolean | null
  /** The gating inspection's slug, checked only when the write marks the step done. */
  gate: string | null
  /** True when no gate applies: the write goes ahead without looking at one. */
  ungated: boolean
  /** The write's moment and its day, as ISO text. */
  at: string
  today: string
}

type QuoteValues = EntryValues & { quoteId: string; vendor: string; amount: number; note: string }

/**
 * A new row's id, made here rather than by the column's default: PGlite's gen_random_uuid opens
 * /dev/urandom at every call, and an upsert makes its new row's id even when it updates.
 */
const newId = () => crypto.randomUUID()

const value = (name: keyof QuoteValues) => sql.placeholder(name)

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

/**
 * The columns of an entry's answer, for the entry `e` a statement wrote, its quotes as
 * `quotesOf` lists them: rows of the quotes table's columns, of the entry `e`, as the statement's
 * snapshot holds them after its own changes.
 */
const answerColumns = (quotesOf: SQL) => sql`e.stage_id as "stageId", e.title, e.choices,
    e.done, ${wireTime(sql`e.done_at`)} as "doneAt", e.quote_count as "quoteCount",
    coalesce((
      select json_agg(json_build_object('id', q.id, 'vendor', q.vendor, 'amount', q.amount,
        'note', q.note, 'createdAt', ${wireTime(sql`q.created_at`)}, 'accepted', q.accepted)
        order by q.created_at, q.id)
      from (${quotesOf}) q
    ), '[]') as quotes`

/** The answer of the one entry the statement wrote (`entry`): see `answerColumns`. */
export const answerOf = (quotesOf: SQL) => sql`select ${answerColumns(quotesOf)} from entry e`

/** The entry's quotes in the statement's snapshot (before its own changes). */
export const quotesBefore = sql`select * from quotes where entry_id = e.id`

/** Each statement, once per key column: a stage's entry, or a non-stage's by its title. */
export const byKey = <V extends Record<string, unknown>, T = EntryAnswerRow>(
  build: (key: 'stage' | 'title') => SQL,
) => ({
  stage: preparedStatement<T, V>(build('stage')),
  title: preparedStatement<T, V>(build('title')),
})

const writeStatements = byKey<EntryValues>(
  (key) => sql`with ${upsertEntry(key)} ${answerOf(quotesBefore)}`,
)

const quoteStatements = byKey<QuoteValues>(
  (key) => sql`with ${upsertEntry(key)}, added as (
      insert into quotes (id, entry_id, vendor, amount, note, created_at)
      select ${value('quoteId')}::uuid, id, ${value('vendor')}, ${value('amount')}::integer,
        ${value('note')}, ${value('at')}::timestamptz from entry
      returning *
    )
    ${answerOf(sql`${quotesBefore} union all select * from added`)}`,
)

/**
 * Many calls of a statement as one (see `batching`): `input` is their values, each row with its
 * `ord`, their place in the batch.
 */
const batchInput = (quoteColumns: boolean) => sql`input as (
    select * from jsonb_to_recordset(${sql.placeholder('rows')}::jsonb) as i(
      ord integer, "entryId" uuid, "clientId" uuid, "stageId" uuid, title text, choices text,
      done boolean, at timestamptz, today date${
        quoteColumns ? sql`, "quoteId" uuid, vendor text, amount integer, note text` : sql``
      })
  )`

/**
 * `upsertEntry` for every row of `input`, none of them gated: the rows are written in the order
 * of their keys, so two batches running at once lock their entries in the same order. A value
 * to keep (null) is read from the row's input, which `excluded` holds with its default.
 */
function upsertEntries(key: 'stage' | 'title'): SQL {
  const keyColumn = key === 'stage' ? sql`stage_id` : sql`title`
  const done = sql`(select i.done from input i where i."entryId" = excluded.id)`
  return sql`entry as (
      insert into pool_entries
        (id, client_id, stage_id, title, choices, done, done_at, done_on, updated_at)
      select "entryId", "clientId", "stageId", title, coalesce(choices::jsonb, '{}'),
        coalesce(done, false), case when done then at end, case when done then today end, at
      from input
      order by "clientId", ${key === 'stage' ? sql`"stageId"` : sql`title`}
      on conflict (client_id, ${keyColumn}) do update set
        choices = coalesce(
          (select i.choices::jsonb from input i where i."entryId" = excluded.id),
          pool_entries.choices),
        done = coalesce(${done}, pool_entries.done),
        done_at = case ${done} when true then coalesce(pool_entries.done_at, excluded.done_at)
          when false then null else pool_entries.done_at end,
        done_on = case ${done} when true then coalesce(pool_entries.done_on, excluded.done_on)
          when false then null else pool_entries.done_on end,
        updated_at = excluded.updated_at
      returning *
    )`
}

/** Each written entry `e` with the input row `i` that wrote it. */
const withItsInput = (key: 'stage' | 'title') =>
  key === 'stage'
    ? sql`entry e join input i on i."clientId" = e.client_id and i."stageId" = e.stage_id`
    : sql`entry e join input i on i."clientId" = e.client_id and i.title = e.title`

type BatchAnswerRow = EntryAnswerRow & { ord: number }
/** A batch's values: each call's, with its `ord`, as JSON. */
type BatchValues = { rows: string }

const writeBatches = byKey<BatchValues, BatchAnswerRow>(
  (key) => sql`with ${batchInput(false)}, ${upsertEntries(key)}
    select i.ord, ${answerColumns(quotesBefore)} from ${withItsInput(key)}`,
)

const quoteBatches = byKey<BatchValues, BatchAnswerRow>(
  (key) => sql`with ${batchInput(true)}, ${upsertEntries(key)}, added as (
      insert into quotes (id, entry_id, vendor, amount, note, created_at)
      select i."quoteId", e.id, i.vendor, i.amount, i.note, i.at from ${withItsInput(key)}
      returning *
    )
    select i.ord, ${answerColumns(
      sql`${quotesBefore} union all select * from added a where a.entry_id = e.id`,
    )} from ${withItsInput(key)}`,
)

/**
 * Batches in flight at once on one database. PGlite runs one statement at a time, so a second
 * would only queue inside it; on PostgreSQL a few leave the pool's other connections to the
 * other routes while each batch gathers the writes that came in meanwhile.
 */
const batchesInFlight = (db: Db) => (runsOnPglite(db) ? 1 : 2)

/** The most writes in one statement. */
const BATCH_SIZE = 64

/**
 * A statement that also runs as one for many calls when they queue (see `batching`), on each
 * database `db` it is called with. A gated write goes alone: its gate's lock and check are per
 * row.
 */
function batched<V extends EntryValues>(
  single: PreparedStatement<EntryAnswerRow, V>,
  many: PreparedStatement<BatchAnswerRow, BatchValues>,
) {
  const senders = new WeakMap<Db, (values: V) => Promise<EntryAnswerRow | undefined>>()
  return (db: Db, values: V) => {
    let send = senders.get(db)
    if (!send) {
      send = batching<V, EntryAnswerRow | undefined>({
        inFlight: batchesInFlight(db),
        gather: runsOnPglite(db),
        maxSize: BATCH_SIZE,
        key: (v) => `${v.clientId} ${v.stageId ?? ''} ${v.title ?? ''}`,
        batchable: (v) => v.ungated,
        one: async (v) => (await single.rows(db, v))[0],
        many: async (calls) => {
          const rows = await many.rows(db, {
            rows: JSON.stringify(calls.map((v, ord) => ({ ...v, ord }))),
          })
          // A call without a row is answered as its statement alone would answer it.
          const answers = new Map(rows.map(({ ord, ...row }) => [ord, row]))
          return calls.map((_, ord) => answers.get(ord))
        },
        refused: isRefusedStatement,
      })
      senders.set(db, send)
    }
    return send(values)
  }
}

const sendWrite = {
  stage: batched(writeStatements.stage, writeBatches.stage),
  title: batched(writeStatements.title, writeBatches.title),
}
const sendQuote = {
  stage: batched(quoteStatements.stage, quoteBatches.stage),
  title: batched(quoteStatements.title, quoteBatches.title),
}

/** The values of a write to the entry `key` names at `now`. */
function entryValues(
  clientId: string,
  key: KeyColumns,
  change: EntryChange,
  now: Date,
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
    today: toIsoDate(now),
  }
}

export const statementOf = <S>(statements: { stage: S; title: S }, key: KeyColumns) =>
  key.stageId === null ? statements.title : statements.stage

/**
 * The entry a statement answered, null when it wrote none. `added` is the quotes the statement
 * itself added to the row's count (a removal's -1): its quotes trigger counts them after the
 * row was returned.
 */
export function written(row: EntryAnswerRow | undefined, added: number): WrittenEntry | null {
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
  const row = await statementOf(sendWrite, key)(db, entryValues(clientId, key, change, now))
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
  const row = await statementOf(sendQuote, key)(db, {
    ...entryValues(clientId, key, {}, now),
    quoteId: newId(),
    ...quote,
  })
  const result = written(row, 1)
  if (!result) throw new Error('add-quote wrote no entry')
  return result
}
