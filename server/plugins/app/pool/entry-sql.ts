// What the builder's entry statements share (entry-statements.ts, entry-batches.ts and
// quote-statements.ts): the values they bind, the answer each writes of its entry, and one
// prepared statement per key column.
import { sql, type SQL } from 'drizzle-orm'
import { NonStageTitle, type PoolEntry } from '../../../../contract'
import { preparedStatement } from '../../../db/driver/client'
import { wireTime } from '../../../db/wire-time'
import { quoteJson } from './quote-json'

/** Which entry: the column and value of its key (a stage's id, or a non-stage's title). */
export type KeyColumns = { stageId: string | null; title: string | null }

export type EntryAnswerRow = {
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
export type EntryValues = {
  /** The id a new entry gets (see `newId` in entry-statements.ts). */
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

export type QuoteValues = EntryValues & {
  quoteId: string
  vendor: string
  amount: number
  note: string
  tradeId: string | null
  /** A trade's bid (PRODUCT.md §14): its request, its items as JSON text, its validity, its file. */
  bidRequestId: string | null
  items: string | null
  validUntil: string | null
  fileId: string | null
  /** The manager who entered it for the owner, by name (PRODUCT.md §18a); null otherwise. */
  enteredBy: string | null
}

export const value = (name: keyof QuoteValues) => sql.placeholder(name)

/**
 * The columns of an entry's answer, for the entry `e` a statement wrote, its quotes as
 * `quotesOf` lists them: rows of the quotes table's columns, of the entry `e`, as the statement's
 * snapshot holds them after its own changes.
 */
export const answerColumns = (quotesOf: SQL) => sql`e.stage_id as "stageId", e.title, e.choices,
    e.done, ${wireTime(sql`e.done_at`)} as "doneAt", e.quote_count as "quoteCount",
    coalesce((
      select json_agg(${quoteJson}
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
