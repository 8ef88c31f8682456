import { addDays, parseISO } from 'date-fns'
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import {
  BID_LIMITS,
  BidsProblemCode,
  OPEN_BID_STATUSES,
  type BidRequest,
  type BidRequestBody,
} from '../../../../contract/bids'
import { StepSlug } from '../../../../contract/construction'
import { toIsoDate } from '../../../../contract/schedule-spans'
import { isLicensedStep } from '../../../../contract/trades'
import type { Db, Tx } from '../../../db/driver/client'
import { bidRequests, clients, files, poolEntries, quotes, trades, users } from '../../../db/schema'
import { isUniqueViolation } from '../../../lib/db-errors'
import { badRequest, conflict, notFound } from '../../../lib/problem'
import { publicUrl } from '../../../lib/public-url'
import { clientToday } from '../../../lib/today'
import { bidRequestEmail, type BidLetter } from './bid-email'
import { linkHash, linkWorks, newLinkToken } from './link'

/** The owner's bid requests (PRODUCT.md §14, §18a). Another client's request is unknown (404). */
export type BidRequests = {
  /** Newest first; of one step when asked. */
  list(clientId: string, step?: StepSlug): Promise<BidRequest[]>
  /** One request per trade, each emailed its own link. */
  create(clientId: string, body: BidRequestBody): Promise<BidRequest[]>
  /** A new link for an open request, emailed; the old one is gone. */
  resend(clientId: string, id: string): Promise<BidRequest>
  withdraw(clientId: string, id: string): Promise<BidRequest>
}

declare module 'fastify' {
  interface FastifyInstance {
    bidRequests: BidRequests
  }
}

const NO_REQUEST = 'No bid request has this id.'
const REQUESTED = 'This trade already has an open request for this step.'
const CLOSED = 'This request is no longer open.'
const AWARDED = 'This trade’s bid is accepted: its link stays theirs while they do the work.'
const WRONG_TRADE = 'Choose your trades that do this step'
const WRONG_FILE = 'Attach your plans and permits of this step or of the whole project'

/** A request with what its link's life depends on: its trade, and whether its bid is accepted. */
const selection = {
  row: bidRequests,
  company: trades.company,
  email: trades.email,
  contact: trades.contact,
  accepted: quotes.accepted,
  stepDoneOn: poolEntries.doneOn,
}

const withAward = (query: Db | Tx, where: SQL | undefined) =>
  query
    .select(selection)
    .from(bidRequests)
    .innerJoin(trades, eq(trades.id, bidRequests.tradeId))
    .leftJoin(quotes, eq(quotes.id, bidRequests.quoteId))
    .leftJoin(poolEntries, eq(poolEntries.id, quotes.entryId))
    .where(where)

type Selected = Awaited<ReturnType<typeof withAward>>[number]

const isOpen = (status: string) => OPEN_BID_STATUSES.some((open) => open === status)

/** Open, and its link still works on `today`: what a resend or a withdrawal needs. */
const stillOpen = ({ row, accepted, stepDoneOn }: Selected, today: string) =>
  isOpen(row.status) && linkWorks(row, { accepted: accepted ?? false, stepDoneOn }, today)

/** The request as the wire has it: an open one whose link no longer works reads as expired. */
function wireOf(selected: Selected, today: string): BidRequest {
  const { row, company } = selected
  const expired = isOpen(row.status) && !stillOpen(selected, today)
  return {
    id: row.id,
    step: StepSlug.parse(row.step),
    tradeId: row.tradeId,
    company,
    dueOn: row.dueOn,
    message: row.message,
    status: expired ? 'expired' : row.status,
    sentAt: row.sentAt.toISOString(),
    viewedAt: row.viewedAt?.toISOString() ?? null,
    respondedAt: row.respondedAt?.toISOString() ?? null,
    quoteId: row.quoteId,
    declineReason: row.declineReason,
    fileIds: row.fileIds,
  }
}

/** The due date's bounds, from the project's day: tomorrow to 60 days ahead. */
function checkDueOn(dueOn: string, today: string) {
  const last = toIsoDate(addDays(parseISO(today), BID_LIMITS.dueDays))
  if (dueOn <= today || dueOn > last)
    throw badRequest({ dueOn: [`Choose a day from tomorrow to ${BID_LIMITS.dueDays} days ahead`] })
}

export default fp(
  async function bidRequestsRepository(app: FastifyInstance) {
    const { db } = app
    const base = publicUrl(app.settings)
    const mine = (clientId: string, id: string) =>
      and(eq(bidRequests.id, id), eq(bidRequests.clientId, clientId))

    /** The trades asked, locked against deletion: each the client's and doing the step. */
    async function tradesOf(tx: Tx, clientId: string, { tradeIds, step }: BidRequestBody) {
      const rows = await tx
        .select()
        .from(trades)
        .where(and(eq(trades.clientId, clientId), inArray(trades.id, tradeIds)))
        .orderBy(trades.id)
        .for('key share')
      if (rows.length !== tradeIds.length || rows.some((trade) => !trade.steps.includes(step)))
        throw badRequest({ tradeIds: [WRONG_TRADE] })
      return rows
    }

    /** The files attached: the client's plans and permits of the step or the whole project. */
    async function checkFiles(tx: Tx, clientId: string, step: StepSlug, ids: string[]) {
      if (ids.length === 0) return
      const rows = await tx
        .select({ kind: files.kind, step: files.step })
        .from(files)
        .where(and(eq(files.clientId, clientId), inArray(files.id, ids)))
        .orderBy(files.id)
        .for('key share')
      const fits = (file: { kind: string; step: string | null }) =>
        (file.kind === 'plan' || file.kind === 'permit') &&
        (file.step === null || file.step === step)
      if (rows.length !== new Set(ids).size || !rows.every(fits))
        throw badRequest({ fileIds: [WRONG_FILE] })
    }

    /**
     * The open requests of these trades for the step whose links no longer work are stored as
     * expired, so they do not hold the one open request a trade may have for a step.
     */
    async function expireStale(
      tx: Tx,
      clientId: string,
      tradeIds: string[],
      step: string,
      today: string,
    ) {
      const open = await withAward(
        tx,
        and(
          eq(bidRequests.clientId, clientId),
          eq(bidRequests.step, step),
          inArray(bidRequests.tradeId, tradeIds),
          inArray(bidRequests.status, [...OPEN_BID_STATUSES]),
        ),
      ).for('update', { of: bidRequests })
      const stale = open.filter((selected) => !stillOpen(selected, today))
      if (stale.length === 0) return
      await tx
        .update(bidRequests)
        .set({ status: 'expired' })
        .where(
          inArray(
            bidRequests.id,
            stale.map(({ row }) => row.id),
          ),
        )
    }

    /** Who asks: the owner's name and town, for the trades' emails. */
    async function ownerOf(clientId: string) {
      const [owner] = await db
        .select({ name: users.name, city: clients.city, state: clients.state })
        .from(users)
        .innerJoin(clients, eq(clients.userId, users.id))
        .where(eq(users.id, clientId))
      if (!owner) throw notFound()
      return owner
    }

    const send = (letter: BidLetter, token: string) =>
      app.mailer.send(bidRequestEmail(letter, `${base}/t/${token}`))

    /** The email of a request, to its trade, from its owner. */
    const letterOf = (
      { row, company, email, contact }: Selected,
      owner: BidLetter['owner'],
    ): BidLetter => ({
      to: { email, contact, company },
      owner,
      step: StepSlug.parse(row.step),
      dueOn: row.dueOn,
      message: row.message,
    })

    const list: BidRequests['list'] = async (clientId, step) => {
      const rows = await withAward(
        db,
        and(eq(bidRequests.clientId, clientId), step ? eq(bidRequests.step, step) : undefined),
      ).orderBy(desc(bidRequests.createdAt), desc(bidRequests.id))
      const today = await clientToday(app, clientId)
      return rows.map((selected) => wireOf(selected, today))
    }

    const create: BidRequests['create'] = async (clientId, body) => {
      const { step, tradeIds, dueOn } = body
      if (!isLicensedStep(step)) throw badRequest({ step: ['Ask for bids on licensed work only'] })
      const today = await clientToday(app, clientId)
      checkDueOn(dueOn, today)
      const tokens = new Map(tradeIds.map((id) => [id, newLinkToken()]))
      const message = body.message ?? ''
      try {
        const { asked, rows } = await db.transaction(async (tx) => {
          const asked = await tradesOf(tx, clientId, body)
          await checkFiles(tx, clientId, step, body.fileIds ?? [])
          await expireStale(tx, clientId, tradeIds, step, today)
          const now = app.clock()
          const rows = await tx
            .insert(bidRequests)
            .values(
              asked.map((trade) => ({
                clientId,
                step,
                tradeId: trade.id,
                dueOn,
                message,
                tokenHash: linkHash(app, tokens.get(trade.id) ?? ''),
                fileIds: [...new Set(body.fileIds ?? [])],
                sentAt: now,
                createdAt: now,
              })),
            )
            .returning()
          return { asked, rows }
        })
        // Locked in id order against deadlocks; answered in the order the client asked.
        const tradeOf = new Map(asked.map((trade) => [trade.id, trade]))
        const rowOf = new Map(rows.map((row) => [row.tradeId, row]))
        const made = tradeIds.flatMap((id) => {
          const trade = tradeOf.get(id)
          const row = rowOf.get(id)
          return trade && row ? [{ ...trade, row, accepted: null, stepDoneOn: null }] : []
        })
        const owner = await ownerOf(clientId)
        for (const selected of made)
          send(letterOf(selected, owner), tokens.get(selected.row.tradeId) ?? '')
        return made.map((selected) => wireOf(selected, today))
      } catch (error) {
        if (isUniqueViolation(error, 'bid_requests_open_idx'))
          throw conflict(REQUESTED, BidsProblemCode.bidRequested)
        throw error
      }
    }

    /** Runs `change` on the client's request while it is open, locked; 404 or 409 otherwise. */
    async function changeOpen(
      clientId: string,
      id: string,
      change: (tx: Tx, selected: Selected) => Promise<typeof bidRequests.$inferSelect | undefined>,
    ): Promise<Selected> {
      const today = await clientToday(app, clientId)
      return db.transaction(async (tx) => {
        const [selected] = await withAward(tx, mine(clientId, id)).for('update', {
          of: bidRequests,
        })
        if (!selected) throw notFound(NO_REQUEST)
        if (!stillOpen(selected, today)) throw conflict(CLOSED)
        const row = await change(tx, selected)
        if (!row) throw notFound(NO_REQUEST)
        return { ...selected, row }
      })
    }

    const resend: BidRequests['resend'] = async (clientId, id) => {
      const token = newLinkToken()
      const changed = await changeOpen(clientId, id, async (tx) => {
        const [row] = await tx
          .update(bidRequests)
          .set({ tokenHash: linkHash(app, token), sentAt: app.clock() })
          .where(mine(clientId, id))
          .returning()
        return row
      })
      send(letterOf(changed, await ownerOf(clientId)), token)
      return wireOf(changed, await clientToday(app, clientId))
    }

    const withdraw: BidRequests['withdraw'] = async (clientId, id) => {
      const changed = await changeOpen(clientId, id, async (tx, { accepted }) => {
        if (accepted) throw conflict(AWARDED)
        const [row] = await tx
          .update(bidRequests)
          .set({ status: 'withdrawn' })
          .where(mine(clientId, id))
          .returning()
        return row
      })
      return wireOf(changed, await clientToday(app, clientId))
    }

    app.decorate('bidRequests', { list, create, resend, withdraw } satisfies BidRequests)
  },
  { name: 'bid-requests', dependencies: ['db', 'core', 'mailer'] },
)
