import { and, asc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import {
  MAX_QUOTES_PER_ENTRY,
  NonStageTitle,
  STEPS,
  StepSlug,
  TimelineProblemCode,
  type NonStageTitle as Title,
  type EditPoolBody,
  type NonStageEntry,
  type PoolData,
  type PoolEntry,
  type QuoteItem,
  type StageEntry,
} from '../../../../contract'
import { gateOf, gateRefusal } from '../../../../contract/gating'
import { stepTitle } from '../../../../contract/scheduling'
import { isLicensedStep, TradesProblemCode, type Trade } from '../../../../contract/trades'
import { preparedStatement, type Db, type Tx } from '../../../db/driver/client'
import { poolEntries, quotes, stages } from '../../../db/schema'
import { isCheckViolation, isForeignKeyViolation, isUniqueViolation } from '../../../lib/db-errors'
import { badRequest, conflict, HttpProblem, notFound } from '../../../lib/problem'
import { clientToday } from '../../../lib/today'
import { contractHasPayments, moneyLockKey, PAID_DRAW_CONSTRAINT } from '../money/contracts'
import type { KeyColumns, WrittenEntry } from './entry-sql'
import { insertQuote, writeEntry, type EntryChange } from './entry-statements'
import { checkChoices, normalisedChoices } from './check-choices'
import { acceptQuoteRow, removeQuoteRow } from './quote-statements'
import { poolDataJson } from '../accounts/pool-data'

/** Which of a client's 13 entries: a stage by its id, a non-stage by its title. */
export type EntryKey = { StageId: string } | { Title: Title }

/** The entry a key names: a stage's for a StageId, a non-stage's for a Title. */
export type EntryOf<K extends EntryKey> = K extends { StageId: string } ? StageEntry : NonStageEntry

export type NewQuote = {
  vendor: string
  amount: number
  note?: string | undefined
  tradeId?: string | null | undefined
  /** What a trade's bid adds (PRODUCT.md §14): its request, items, validity and proposal. */
  bid?: QuoteBid | undefined
  /** The manager who entered a bid the trade phoned in, by name (PRODUCT.md §18a). */
  enteredBy?: string | undefined
}

export type QuoteBid = {
  requestId: string
  items: QuoteItem[]
  validUntil: string | null
  fileId: string | null
}

const poolDataStatement = preparedStatement<{ poolData: PoolData }, { id: string }>(
  sql`select ${poolDataJson(sql.placeholder('id'))} as "poolData"`,
)

type EntryRow = typeof poolEntries.$inferSelect
type QuoteRow = typeof quotes.$inferSelect

/**
 * A client's pool entries and their quotes. Every call takes the caller's id and touches only
 * that client's rows, and answers the entry as it stands after the write.
 */
export type PoolEntries = {
  /** The pool data a sign-in answers, read alone in one statement, its quotes levelled. */
  data(clientId: string): Promise<PoolData>
  /**
   * Replaces a step's choices, once checked against what the step offers (its price list, or the
   * listed engineers): 400 for a choice it does not offer.
   */
  saveChoices(clientId: string, body: EditPoolBody): Promise<PoolEntry>
  /**
   * Records the day it was done (or clears it). A step gated by an inspection is refused (409)
   * until that inspection passed.
   */
  markDone<K extends EntryKey>(clientId: string, key: K, done: boolean): Promise<EntryOf<K>>
  /**
   * Refuses (409) a quote beyond MAX_QUOTES_PER_ENTRY, even under concurrent calls, and (400) a
   * trade that is not one of the client's for the step.
   */
  addQuote<K extends EntryKey>(clientId: string, key: K, quote: NewQuote): Promise<EntryOf<K>>
  /**
   * Accepts one quote and un-accepts the entry's others; the quote becomes the step's contract
   * (refused with 409 when the contract it replaces has payments). On a licensed step, a quote
   * whose trade has warnings is refused (409 TRADE_NOT_VERIFIED) unless `acknowledge`d, which
   * the audit log then records.
   */
  acceptQuote(
    clientId: string,
    key: EntryKey,
    quoteId: string,
    acknowledge?: boolean,
  ): Promise<PoolEntry>
  /** Removing the accepted quote removes its contract (409 when that has payments). */
  removeQuote(clientId: string, key: EntryKey, quoteId: string): Promise<PoolEntry>
}

declare module 'fastify' {
  interface FastifyInstance {
    poolEntries: PoolEntries
  }
}

const unknownStep = () => notFound('Unknown step')
const unknownQuote = () => notFound('This step has no such quote.')
const tooManyQuotes = () =>
  conflict(
    `An entry holds at most ${MAX_QUOTES_PER_ENTRY} quotes. Remove one before adding another.`,
  )

/** How many times a quote's acceptance or removal is run while racers keep replacing it. */
const QUOTE_RACE_ATTEMPTS = 5
const quotesChanged = () =>
  conflict('The quotes of this step changed while this was saved. Please try again.')

const notYourTrade = () => badRequest({ tradeId: ['Choose one of your trades'] })
const notOfStep = (trade: Trade, step: StepSlug) =>
  badRequest({
    tradeId: [
      `${trade.company} is not recorded for ${stepTitle(step)}. Add the step to the trade.`,
    ],
  })

/** The warnings of the quote's trade, by code: the owner sees them before accepting anyway. */
const tradeNotVerified = (trade: Trade) =>
  new HttpProblem(
    409,
    TradesProblemCode.tradeNotVerified,
    `${trade.company} has things to check before you accept: ${trade.warnings.length === 1 ? 'a warning' : 'warnings'} on its licence, insurance or workers’ comp.`,
    {
      errors: Object.fromEntries(
        trade.warnings.map((warning) => [warning.code, [warning.message]]),
      ),
    },
  )

/** A racer replaced the step's contract, or removed or signed the quote, after the snapshot. */
const raced = (error: unknown) =>
  isUniqueViolation(error, 'contracts_client_step_idx') ||
  isForeignKeyViolation(error, 'contracts_quote_id_quotes_id_fk')

const isStage = (key: EntryKey): key is { StageId: string } => 'StageId' in key

/** The key of the entry a request body names (the body may carry other fields). */
export const entryKeyOf = (body: EntryKey): EntryKey =>
  isStage(body) ? { StageId: body.StageId } : { Title: body.Title }

const keyColumns = (key: EntryKey): KeyColumns =>
  isStage(key) ? { stageId: key.StageId, title: null } : { stageId: null, title: key.Title }

const entryWhere = (clientId: string, key: EntryKey) =>
  and(
    eq(poolEntries.clientId, clientId),
    isStage(key) ? eq(poolEntries.stageId, key.StageId) : eq(poolEntries.title, key.Title),
  )

/** The entry as the contract shows it (the same shape as poolData's). */
export function toPoolEntry(row: EntryRow, entryQuotes: QuoteRow[]): PoolEntry {
  const base = {
    choices: row.choices,
    done: row.done,
    doneAt: row.doneAt?.toISOString() ?? null,
    quotes: entryQuotes.map((q) => ({
      id: q.id,
      vendor: q.vendor,
      amount: q.amount,
      note: q.note,
      createdAt: q.createdAt.toISOString(),
      accepted: q.accepted,
      tradeId: q.tradeId,
      bidRequestId: q.bidRequestId,
      items: q.items,
      validUntil: q.validUntil,
      fileId: q.fileId,
      levelled: null,
      enteredBy: q.enteredBy,
    })),
  }
  return row.stageId
    ? { StageId: row.stageId, ...base }
    : { Title: NonStageTitle.parse(row.title), ...base }
}

async function answer(tx: Tx, row: EntryRow): Promise<PoolEntry> {
  const entryQuotes = await tx
    .select()
    .from(quotes)
    .where(eq(quotes.entryId, row.id))
    .orderBy(asc(quotes.createdAt), asc(quotes.id))
  return toPoolEntry(row, entryQuotes)
}

/** The three non-stage steps: an entry keyed by title, a step keyed by slug. */
const NON_STAGE_STEPS = STEPS.flatMap((s) =>
  s.kind === 'non-stage' ? [{ title: s.title, step: StepSlug.parse(s.route) }] : [],
)

/**
 * The step a key names, by its slug, from the stage list the server keeps (stages are seeded
 * and never deleted, so a stage's slug cannot change under a write): an unknown id is a 404
 * before any statement, not a foreign key's 500, and a write spends no round trip on it.
 */
async function stepOf(app: FastifyInstance, key: EntryKey): Promise<StepSlug> {
  if (!isStage(key)) {
    const nonStage = NON_STAGE_STEPS.find((s) => s.title === key.Title)
    if (!nonStage) throw unknownStep()
    return nonStage.step
  }
  const { stages: known } = await app.stages.list()
  const stage = known.find((s) => s.id === key.StageId)
  if (!stage) throw unknownStep()
  return StepSlug.parse(stage.slug)
}

/** The key of a step's entry: a non-stage's title, a stage's id. */
export async function entryKeyOfStep(query: Db | Tx, step: StepSlug): Promise<EntryKey> {
  const nonStage = NON_STAGE_STEPS.find((s) => s.step === step)
  if (nonStage) return { Title: nonStage.title }
  const [stage] = await query.select({ id: stages.id }).from(stages).where(eq(stages.slug, step))
  if (!stage) throw unknownStep()
  return { StageId: stage.id }
}

const gateRefused = (step: StepSlug, gate: { title: string }) =>
  conflict(gateRefusal(step, gate), TimelineProblemCode.inspectionRequired)

/**
 * Sets the step's start day, or the start agreed with its trade, creating its entry if need be,
 * in one statement that keeps the row locked until the transaction ends (ON CONFLICT DO UPDATE
 * locks the row it updates, and a concurrent insert of the same key waits on the unique index).
 */
export async function upsertEntry(
  tx: Tx,
  clientId: string,
  key: EntryKey,
  write: { startedOn: string | null } | { agreedStart: string },
  now: Date,
) {
  const [row] = await tx
    .insert(poolEntries)
    .values({ clientId, ...keyColumns(key), ...write, updatedAt: now })
    .onConflictDoUpdate({
      target: isStage(key)
        ? [poolEntries.clientId, poolEntries.stageId]
        : [poolEntries.clientId, poolEntries.title],
      set: { ...write, updatedAt: now },
    })
    .returning()
  if (!row) throw new Error('pool entry upsert returned nothing')
  return row
}

export default fp(
  async function poolEntriesRepository(app: FastifyInstance) {
    const { db } = app

    /** The entry as it stands now: for an answer its one statement could not see whole. */
    const reread = (clientId: string, key: EntryKey) =>
      db.transaction(async (tx) => {
        const [row] = await tx.select().from(poolEntries).where(entryWhere(clientId, key))
        if (!row) throw new Error('a written entry was not found')
        return answer(tx, row)
      })

    const whole = async (clientId: string, key: EntryKey, written: WrittenEntry) =>
      written.complete ? written.entry : reread(clientId, key)

    const write = async (clientId: string, key: EntryKey, change: EntryChange) => {
      const step = await stepOf(app, key)
      const gate = change.done ? gateOf(step) : undefined
      const written = await writeEntry(
        db,
        clientId,
        keyColumns(key),
        { ...change, ...(gate ? { gate: gate.slug } : {}) },
        { now: app.clock(), today: await clientToday(app, clientId) },
      )
      if (!written) throw gate ? gateRefused(step, gate) : new Error('a step write wrote nothing')
      return whole(clientId, key, written)
    }

    /** The client's trade for `step`, or the 400 that names the field. */
    const tradeOfStep = async (clientId: string, tradeId: string, step: StepSlug) => {
      const trade = await app.trades.find(clientId, tradeId)
      if (!trade) throw notYourTrade()
      if (!trade.steps.includes(step)) throw notOfStep(trade, step)
      return trade.id
    }

    const addQuote = async (clientId: string, key: EntryKey, quote: NewQuote) => {
      const step = await stepOf(app, key)
      const tradeId = quote.tradeId ? await tradeOfStep(clientId, quote.tradeId, step) : null
      try {
        const written = await insertQuote(
          db,
          clientId,
          keyColumns(key),
          {
            vendor: quote.vendor,
            amount: quote.amount,
            note: quote.note ?? '',
            tradeId,
            bidRequestId: quote.bid?.requestId ?? null,
            items: quote.bid ? JSON.stringify(quote.bid.items) : null,
            validUntil: quote.bid?.validUntil ?? null,
            fileId: quote.bid?.fileId ?? null,
            enteredBy: quote.enteredBy ?? null,
          },
          { now: app.clock(), today: await clientToday(app, clientId) },
        )
        return await whole(clientId, key, written)
      } catch (error) {
        if (isCheckViolation(error, 'pool_entries_quote_limit')) throw tooManyQuotes()
        // The trade was deleted since it was checked.
        if (isForeignKeyViolation(error, 'quotes_trade_id_trades_id_fk')) throw notYourTrade()
        throw error
      }
    }

    /**
     * What accepting the quote acknowledges: its trade's warnings, when the step is licensed
     * work and the quote names a trade that has some; null when there is nothing to accept
     * despite. Without `acknowledge` there must be nothing (409 otherwise).
     */
    const acknowledgement = async (
      clientId: string,
      key: EntryKey,
      quoteId: string,
      step: StepSlug,
      acknowledge: boolean,
    ) => {
      if (!isLicensedStep(step)) return null
      const [quote] = await db
        .select({ tradeId: quotes.tradeId })
        .from(quotes)
        .innerJoin(poolEntries, eq(poolEntries.id, quotes.entryId))
        .where(and(eq(quotes.id, quoteId), entryWhere(clientId, key)))
      const trade = quote?.tradeId ? await app.trades.find(clientId, quote.tradeId) : null
      if (!trade || trade.warnings.length === 0) return null
      if (!acknowledge) throw tradeNotVerified(trade)
      return { tradeId: trade.id, warnings: trade.warnings }
    }

    /**
     * Accepts or removes a quote in one statement (quote-statements.ts), run again when a racer
     * committed between its snapshot and its locks. An acceptance first looks at the quote's
     * trade (see acknowledgement).
     */
    const chooseQuote =
      (run: typeof acceptQuoteRow, accepting: boolean) =>
      async (
        clientId: string,
        key: EntryKey,
        quoteId: string,
        acknowledge = false,
      ): Promise<PoolEntry> => {
        const step = await stepOf(app, key)
        const choice = {
          clientId,
          key: keyColumns(key),
          quoteId,
          step,
          moneyKey: moneyLockKey(clientId),
          now: app.clock(),
          today: await clientToday(app, clientId),
          acknowledged: accepting
            ? await acknowledgement(clientId, key, quoteId, step, acknowledge)
            : null,
        }
        for (let attempt = 1; ; attempt++) {
          try {
            const written = await run(db, choice)
            if (!written) throw unknownQuote()
            return await whole(clientId, key, written)
          } catch (error) {
            if (isForeignKeyViolation(error, PAID_DRAW_CONSTRAINT)) throw contractHasPayments(step)
            if (!raced(error)) throw error
            if (attempt === QUOTE_RACE_ATTEMPTS) throw quotesChanged()
          }
        }
      }

    /** Every answer's quotes levelled on the step's scope, as the sign-in's are. */
    const levelled = async <E extends PoolEntry>(clientId: string, entry: Promise<E>) =>
      app.scopeItems.levelEntry(clientId, await entry)

    app.decorate('poolEntries', {
      data: async (clientId) => {
        const [row] = await poolDataStatement.rows(app.db, { id: clientId })
        if (!row) throw new Error('the pool data read answered no row')
        return app.scopeItems.levelPoolData(row.poolData)
      },
      saveChoices: async (clientId, body) => {
        await checkChoices(app, body)
        return levelled(
          clientId,
          write(clientId, entryKeyOf(body), { choices: normalisedChoices(body) }),
        )
      },
      // The entry answered is the one the key named, so its kind is the key's (see toPoolEntry).
      markDone: <K extends EntryKey>(clientId: string, key: K, done: boolean) =>
        levelled(clientId, write(clientId, key, { done }) as Promise<EntryOf<K>>),
      addQuote: <K extends EntryKey>(clientId: string, key: K, quote: NewQuote) =>
        levelled(clientId, addQuote(clientId, key, quote) as Promise<EntryOf<K>>),
      acceptQuote: (clientId, key, quoteId, acknowledge) =>
        levelled(clientId, chooseQuote(acceptQuoteRow, true)(clientId, key, quoteId, acknowledge)),
      removeQuote: (clientId, key, quoteId) =>
        levelled(clientId, chooseQuote(removeQuoteRow, false)(clientId, key, quoteId)),
    } satisfies PoolEntries)
  },
  {
    name: 'pool-entries',
    dependencies: ['db', 'core', 'stages', 'directory', 'trades', 'scope-items'],
  },
)
