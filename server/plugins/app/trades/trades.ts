import { and, asc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { StepSlug } from '../../../../contract'
import {
  tradeWarnings,
  TradesProblemCode,
  type Trade,
  type TradeBody,
} from '../../../../contract/trades'
import type { Tx } from '../../../db/driver/client'
import { quotes, trades } from '../../../db/schema'
import { isUniqueViolation } from '../../../lib/db-errors'
import { badRequest, conflict, notFound } from '../../../lib/problem'
import { clientToday } from '../../../lib/today'
import { ownFiles } from '../documents/owned-files'

/** The trades of a client's project (PRODUCT.md §13), with their warnings as of today. */
export type Trades = {
  /** By company, A to Z. */
  list(clientId: string): Promise<Trade[]>
  create(clientId: string, trade: TradeBody): Promise<Trade>
  /** Replaces the whole record, as created; another client's trade is unknown (404). */
  edit(clientId: string, id: string, trade: TradeBody): Promise<Trade>
  /** Refused (409) while one of its quotes is accepted; its other quotes forget it. */
  remove(clientId: string, id: string): Promise<void>
  /** The client's trade with this id, or null (another client's is not theirs). */
  find(clientId: string, id: string): Promise<Trade | null>
}

declare module 'fastify' {
  interface FastifyInstance {
    trades: Trades
  }
}

type TradeRow = typeof trades.$inferSelect

const TAKEN = 'Another trade of your project has this email.'
const NO_TRADE = 'No trade has this id.'
const HAS_CONTRACT =
  'This trade’s quote is accepted: it is a step’s contract. Accept another quote or remove this one before deleting the trade.'

/** The row as the wire has it, its warnings worked out on `today`. */
export function tradeOf(row: TradeRow, today: string): Trade {
  const facts = {
    id: row.id,
    company: row.company,
    contact: row.contact,
    email: row.email,
    phone: row.phone,
    steps: row.steps.map((step) => StepSlug.parse(step)),
    licence: {
      number: row.licenceNumber,
      classification: row.licenceClass,
      checkedOn: row.licenceCheckedOn,
    },
    insurance: { expiresOn: row.insuranceExpiresOn, fileId: row.insuranceFileId },
    workersComp: {
      exempt: row.compExempt,
      expiresOn: row.compExpiresOn,
      fileId: row.compFileId,
    },
    createdAt: row.createdAt.toISOString(),
  }
  return { ...facts, warnings: tradeWarnings(facts, today) }
}

/** The columns a body sets: what it leaves out is not known, so null. */
const columnsOf = (trade: TradeBody) => ({
  company: trade.company,
  contact: trade.contact,
  email: trade.email,
  phone: trade.phone ?? null,
  steps: trade.steps,
  licenceNumber: trade.licenceNumber ?? null,
  licenceClass: trade.licenceClass ?? null,
  licenceCheckedOn: trade.licenceCheckedOn ?? null,
  insuranceExpiresOn: trade.insuranceExpiresOn ?? null,
  insuranceFileId: trade.insuranceFileId ?? null,
  compExempt: trade.compExempt ?? false,
  compExpiresOn: trade.compExpiresOn ?? null,
  compFileId: trade.compFileId ?? null,
})

export default fp(
  async function tradesRepository(app: FastifyInstance) {
    const { db } = app

    const mine = (clientId: string, id: string) =>
      and(eq(trades.id, id), eq(trades.clientId, clientId))

    /**
     * Runs a write of `trade` after the checks the schema cannot make: a licence checked no
     * later than today, and certificates that are the client's own files (locked until it
     * commits). Another trade with the email is a 409.
     */
    async function write(
      clientId: string,
      trade: TradeBody,
      run: (tx: Tx, columns: ReturnType<typeof columnsOf>) => Promise<TradeRow | undefined>,
    ): Promise<Trade> {
      const today = await clientToday(app, clientId)
      if (trade.licenceCheckedOn !== undefined && trade.licenceCheckedOn > today)
        throw badRequest({ licenceCheckedOn: ['Enter a day that is not in the future'] })
      const columns = columnsOf(trade)
      const fileIds = [columns.insuranceFileId, columns.compFileId].filter((id) => id !== null)
      try {
        const row = await db.transaction(async (tx) => {
          await ownFiles(tx, clientId, fileIds)
          return run(tx, columns)
        })
        if (!row) throw notFound(NO_TRADE)
        return tradeOf(row, today)
      } catch (error) {
        if (isUniqueViolation(error, 'trades_client_email_idx'))
          throw conflict(TAKEN, TradesProblemCode.tradeExists)
        throw error
      }
    }

    const list: Trades['list'] = async (clientId) => {
      const rows = await db
        .select()
        .from(trades)
        .where(eq(trades.clientId, clientId))
        .orderBy(asc(sql`lower(${trades.company})`), asc(trades.createdAt), asc(trades.id))
      const today = await clientToday(app, clientId)
      return rows.map((row) => tradeOf(row, today))
    }

    const create: Trades['create'] = (clientId, trade) =>
      write(clientId, trade, async (tx, columns) => {
        const [row] = await tx
          .insert(trades)
          .values({ clientId, ...columns, createdAt: app.clock() })
          .returning()
        return row
      })

    const edit: Trades['edit'] = (clientId, id, trade) =>
      write(clientId, trade, async (tx, columns) => {
        const [row] = await tx.update(trades).set(columns).where(mine(clientId, id)).returning()
        return row
      })

    /**
     * Locks the trade, then its quotes: an acceptance that committed meanwhile is seen (a locking
     * read takes the latest row), and one that comes later waits, then finds its quote's trade
     * gone.
     */
    const remove: Trades['remove'] = (clientId, id) =>
      db.transaction(async (tx) => {
        const [trade] = await tx
          .select({ id: trades.id })
          .from(trades)
          .where(mine(clientId, id))
          .for('update')
        if (!trade) throw notFound(NO_TRADE)
        const held = await tx
          .select({ accepted: quotes.accepted })
          .from(quotes)
          .where(eq(quotes.tradeId, id))
          .for('update')
        if (held.some((quote) => quote.accepted))
          throw conflict(HAS_CONTRACT, TradesProblemCode.tradeHasContract)
        await tx.delete(trades).where(mine(clientId, id))
      })

    const find: Trades['find'] = async (clientId, id) => {
      const [row] = await db.select().from(trades).where(mine(clientId, id))
      return row ? tradeOf(row, await clientToday(app, clientId)) : null
    }

    app.decorate('trades', { list, create, edit, remove, find } satisfies Trades)
  },
  { name: 'trades', dependencies: ['db', 'core'] },
)
