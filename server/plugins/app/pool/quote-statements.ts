// Accepting and removing a quote, each one statement (as entry-statements.ts's writes): the
// entry, its quotes, the step's contract and the contract's payment plan change in one round
// trip. The statement reads in the snapshot it started with, before it waited for any lock, so
// what a racing write committed meanwhile is answered by the constraints, which read the latest
// rows: the payments' foreign key refuses to lose a paid draw, the contract's unique step and its
// quote's foreign key refuse a contract that a racer replaced or a quote a racer removed (the
// caller runs the statement again, in a new snapshot).
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../../db/driver/client'
import { defaultDrawsOf } from '../money/contracts'
import {
  answerOf,
  byKey,
  quotesBefore,
  statementOf,
  written,
  type KeyColumns,
  type WrittenEntry,
} from './entry-sql'

type QuoteChoiceValues = {
  clientId: string
  stageId: string | null
  title: string | null
  quoteId: string
  /** The entry's step, which names its contract. */
  step: string
  /** The client's money lock (see lockMoney). */
  moneyKey: string
  /** The write's moment and its day, as ISO text. */
  at: string
  today: string
  /** The trade's warnings the owner accepted the quote despite, as JSON, or null. */
  acknowledged: string | null
}

const value = (name: keyof QuoteChoiceValues) => sql.placeholder(name)
const quoteId = sql`${value('quoteId')}::uuid`
const clientId = sql`${value('clientId')}::uuid`
const stepContract = sql`client_id = ${clientId} and step = ${value('step')}`

/**
 * Takes the client's money lock, as every money write does first, then touches the entry that
 * holds the quote, which locks it: `entry` has no row when the caller's entry has no such quote,
 * and nothing else in the statement writes then.
 */
function touchEntry(key: 'stage' | 'title'): SQL {
  const keyMatch =
    key === 'stage' ? sql`stage_id = ${value('stageId')}::uuid` : sql`title = ${value('title')}`
  return sql`money as (
      select pg_advisory_xact_lock(hashtext(${value('moneyKey')}))
    ), entry as (
      update pool_entries set updated_at = ${value('at')}::timestamptz
      where client_id = ${clientId} and ${keyMatch}
        and exists (select from money)
        and exists (select from quotes where id = ${quoteId} and entry_id = pool_entries.id)
      returning *
    )`
}

/**
 * Accepts the quote and un-accepts the entry's others. The quote becomes the step's contract with
 * the default plan, replacing (deleting, with its draws and change orders) a contract of another
 * quote; the contract of this very quote is kept as it is. The old contract is deleted before the
 * new one is inserted, as the unique step needs. An acceptance despite its trade's warnings is
 * written to the audit log, as the owner's.
 */
const acceptStatements = byKey<QuoteChoiceValues>(
  (key) => sql`with ${touchEntry(key)}, quote as (
      select q.id, q.vendor, q.amount from quotes q, entry e
      where q.id = ${quoteId} and q.entry_id = e.id
    ), dropped as (
      delete from contracts
      where ${stepContract} and quote_id <> ${quoteId} and exists (select from entry)
      returning id
    ), signed as (
      insert into contracts (client_id, step, quote_id, vendor, amount, signed_on)
      select ${clientId}, ${value('step')}, quote.id, quote.vendor, quote.amount,
        ${value('today')}::date
      from quote
      where not exists (select from contracts where ${stepContract} and quote_id = ${quoteId})
        and (select count(*) from dropped) >= 0
      returning id, amount
    ), planned as (
      insert into draws (client_id, contract_id, position, label, amount, due)
      select ${clientId}, s.id, d.position, d.label, d.amount, d.due
      from signed s, lateral (${defaultDrawsOf(sql`s.amount`)}) d
    ), accepted as (
      update quotes set accepted = id = ${quoteId} where entry_id = (select id from entry)
    ), acknowledged as (
      insert into audit_log (actor_id, action, entity, entity_id, after)
      select ${clientId}, 'acknowledge', 'quote', quote.id::text, ${value('acknowledged')}::jsonb
      from quote where ${value('acknowledged')}::jsonb is not null
    )
    ${answerOf(sql`select id, entry_id, vendor, amount, note, created_at,
      id = ${quoteId} as accepted, trade_id, bid_request_id, items, valid_until, file_id,
      entered_by from quotes where entry_id = e.id`)}`,
)

/** Removes the quote, and its contract when it is the accepted one. */
const removeStatements = byKey<QuoteChoiceValues>(
  (key) => sql`with ${touchEntry(key)}, dropped as (
      delete from contracts
      where ${stepContract} and quote_id = ${quoteId} and exists (select from entry)
      returning id
    ), removed as (
      delete from quotes
      where id = ${quoteId} and entry_id = (select id from entry)
        and (select count(*) from dropped) >= 0
    )
    ${answerOf(sql`${quotesBefore} and id <> ${quoteId}`)}`,
)

export type QuoteChoice = {
  clientId: string
  key: KeyColumns
  quoteId: string
  step: string
  moneyKey: string
  now: Date
  today: string
  /** What the owner acknowledged in accepting (see acceptStatements), or null. */
  acknowledged: object | null
}

const valuesOf = ({ key, now, acknowledged, ...choice }: QuoteChoice): QuoteChoiceValues => ({
  ...choice,
  stageId: key.stageId,
  title: key.title,
  at: now.toISOString(),
  acknowledged: acknowledged === null ? null : JSON.stringify(acknowledged),
})

/** Accepts a quote; null when the caller's entry has no such quote (nothing was written). */
export async function acceptQuoteRow(db: Db, choice: QuoteChoice): Promise<WrittenEntry | null> {
  const [row] = await statementOf(acceptStatements, choice.key).rows(db, valuesOf(choice))
  return written(row, 0)
}

/** Removes a quote; null when the caller's entry has no such quote (nothing was written). */
export async function removeQuoteRow(db: Db, choice: QuoteChoice): Promise<WrittenEntry | null> {
  const [row] = await statementOf(removeStatements, choice.key).rows(db, valuesOf(choice))
  return written(row, -1)
}
