// Many of the builder's entry writes as one statement, when they queue while the database is
// busy (see `batching`): each call is answered as its statement alone would answer it.
import { sql, type SQL } from 'drizzle-orm'
import { batching } from '../../../db/driver/batching'
import { runsOnPglite, type Db, type PreparedStatement } from '../../../db/driver/client'
import { isRefusedStatement } from '../../../lib/db-errors'
import {
  answerColumns,
  byKey,
  quotesBefore,
  type EntryAnswerRow,
  type EntryValues,
} from './entry-sql'

/**
 * Many calls of a statement as one (see `batching`): `input` is their values, each row with its
 * `ord`, their place in the batch.
 */
const batchInput = (quoteColumns: boolean) => sql`input as (
    select * from jsonb_to_recordset(${sql.placeholder('rows')}::jsonb) as i(
      ord integer, "entryId" uuid, "clientId" uuid, "stageId" uuid, title text, choices text,
      done boolean, at timestamptz, today date${
        quoteColumns
          ? sql`, "quoteId" uuid, vendor text, amount integer, note text, "tradeId" uuid,
              "bidRequestId" uuid, items text, "validUntil" date, "fileId" uuid, "enteredBy" text`
          : sql``
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

export const writeBatches = byKey<BatchValues, BatchAnswerRow>(
  (key) => sql`with ${batchInput(false)}, ${upsertEntries(key)}
    select i.ord, ${answerColumns(quotesBefore)} from ${withItsInput(key)}`,
)

export const quoteBatches = byKey<BatchValues, BatchAnswerRow>(
  (key) => sql`with ${batchInput(true)}, ${upsertEntries(key)}, added as (
      insert into quotes (id, entry_id, vendor, amount, note, created_at, trade_id,
        bid_request_id, items, valid_until, file_id, entered_by)
      select i."quoteId", e.id, i.vendor, i.amount, i.note, i.at, i."tradeId",
        i."bidRequestId", i.items::jsonb, i."validUntil", i."fileId", i."enteredBy"
      from ${withItsInput(key)}
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
export function batched<V extends EntryValues>(
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
