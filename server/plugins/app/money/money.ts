import { and, asc, desc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { z } from 'zod/mini'
import {
  MoneyProblemCode,
  StepSlug,
  WAIVER_REQUIRED_FIELD,
  type ChangeOrderDecisionBody,
  type DrawInput,
  type Money,
  type PaymentBody,
  type Timeline,
} from '../../../../contract'
import { formatMoney } from '../../../../contract/money-format'
import {
  committedOf,
  drawsShortBy,
  drawsSumMessage,
  paymentTooLargeMessage,
} from '../../../../contract/money-rules'
import { stepTitle } from '../../../../contract/scheduling'
import type { Tx } from '../../../db/driver/client'
import { DocumentsProblemCode } from '../../../../contract/documents'
import type { WaiverKind } from '../../../../contract/notices'
import { missingConditional, waiverRequiredMessage } from '../../../../contract/waiver-rules'
import {
  changeOrders,
  contracts,
  draws,
  notices,
  noticeWaivers,
  payments,
  quotes,
  trades,
  users,
} from '../../../db/schema'
import { audit } from '../../../lib/audit'
import { waiverRequestEmail, type PaymentLetter } from '../bids/bid-email'
import { conflict, HttpProblem, notFound } from '../../../lib/problem'
import { clientToday } from '../../../lib/today'
import { lockMoney } from './contracts'
import { matchDraws } from './draw-matching'
import { moneyOf } from '../../../../contract/money-answer'
import { moneyFactsOf } from './money-reads'
import { ownFiles } from '../documents/owned-files'
import { declineRequest, payRequests, reopenRequests } from './paid-requests'

export type PaymentWrite = z.output<typeof PaymentBody>
export type Decision = z.output<typeof ChangeOrderDecisionBody>['status']

/**
 * A client's money (PRODUCT.md §10): contracts come and go with accepted quotes (see
 * contracts.ts); these calls edit their payment plans, payments and change orders. Every call
 * touches only `clientId`'s rows (another's id is a 404) and answers the whole Money after it.
 */
export type MoneyBook = {
  /**
   * Two statements: its own and the timeline's, unless the caller, which reads the timeline
   * too, gives the one it read.
   */
  get(clientId: string, timeline?: Promise<Timeline>): Promise<Money>
  /** Replaces the plan: it must add up to the committed cost (400) and keep what was paid (409). */
  setDraws(clientId: string, step: StepSlug, plan: DrawInput[]): Promise<Money>
  /**
   * Never more than the draw still owes (409), whatever runs at the same time; it pays the
   * draw's open payment requests it covers. On a trade's contract, refused (409) while a
   * conditional waiver is missing unless `acknowledge`d, which is audited; the trade is then
   * emailed for its unconditional waiver.
   */
  recordPayment(clientId: string, drawId: string, payment: PaymentWrite): Promise<Money>
  /** The payment requests it paid are open again. */
  deletePayment(clientId: string, paymentId: string): Promise<Money>
  /** Declines a trade's open payment request (409 once paid or declined). */
  declinePaymentRequest(clientId: string, id: string): Promise<Money>
  addChangeOrder(
    clientId: string,
    step: StepSlug,
    description: string,
    amount: number,
  ): Promise<Money>
  /** Approving moves the Balance draw (the last due when done, else the last) by its amount. */
  decideChangeOrder(clientId: string, id: string, status: Decision): Promise<Money>
  /** Links a document of kind lien-waiver as a draw's trade's waiver (409 for another kind), or unlinks it. */
  setLienWaiver(
    clientId: string,
    drawId: string,
    fileId: string | null,
    kind: WaiverKind,
  ): Promise<Money>
  /** Likewise a notice claimant's waiver; the notice must be of the draw's contract's trade (404). */
  setNoticeWaiver(
    clientId: string,
    drawId: string,
    noticeId: string,
    waiver: { fileId: string | null; kind: WaiverKind },
  ): Promise<Money>
}

declare module 'fastify' {
  interface FastifyInstance {
    money: MoneyBook
  }
}

const noContract = (step: StepSlug) =>
  conflict(
    `${stepTitle(step)} has no accepted quote yet: accept one first.`,
    MoneyProblemCode.noContract,
  )

/** The step's contract and its committed cost; 409 NO_CONTRACT without an accepted quote. */
async function contractOf(tx: Tx, clientId: string, step: StepSlug) {
  const [contract] = await tx
    .select()
    .from(contracts)
    .where(and(eq(contracts.clientId, clientId), eq(contracts.step, step)))
  if (!contract) throw noContract(step)
  const decided = await tx
    .select()
    .from(changeOrders)
    .where(eq(changeOrders.contractId, contract.id))
  return { contract, committed: committedOf(contract.amount, decided) }
}

/** A contract's draws in order, locked, each with what was paid on it. */
async function drawsOf(tx: Tx, contractId: string) {
  const rows = await tx
    .select()
    .from(draws)
    .where(eq(draws.contractId, contractId))
    .orderBy(asc(draws.position))
    .for('update')
  const paid = await tx
    .select({ drawId: payments.drawId, paid: sql<number>`sum(${payments.amount})::int` })
    .from(payments)
    .innerJoin(draws, eq(draws.id, payments.drawId))
    .where(eq(draws.contractId, contractId))
    .groupBy(payments.drawId)
  return rows.map((row) => ({ ...row, paid: paid.find((p) => p.drawId === row.id)?.paid ?? 0 }))
}

const drawBelowPaid = (
  { label, paid }: { label: string; paid: number },
  why = 'a draw cannot owe less than was paid on it',
) =>
  conflict(
    `${formatMoney(paid)} is already paid on “${label}”: ${why}.`,
    MoneyProblemCode.drawBelowPaid,
  )

/** A waiver must be the client's own document of kind lien-waiver (409 for another kind). */
async function checkWaiverFile(tx: Tx, clientId: string, fileId: string | null) {
  if (fileId === null) return
  const [file] = await ownFiles(tx, clientId, [fileId])
  if (file?.kind !== 'lien-waiver')
    throw conflict(
      'Only a document uploaded as a lien waiver can be linked to a payment.',
      DocumentsProblemCode.notALienWaiver,
    )
}

type DrawRow = typeof draws.$inferSelect

/**
 * The trade of a draw's contract, with the draw's conditional waivers (its own and each notice
 * claimant's) and what its waiver request says; null when the contract's quote names no trade.
 */
async function tradeOfDraw(tx: Tx, clientId: string, draw: DrawRow) {
  const [row] = await tx
    .select({
      tradeId: trades.id,
      to: { email: trades.email, contact: trades.contact, company: trades.company },
      step: contracts.step,
      ownerName: users.name,
    })
    .from(contracts)
    .innerJoin(quotes, eq(quotes.id, contracts.quoteId))
    .innerJoin(trades, eq(trades.id, quotes.tradeId))
    .innerJoin(users, eq(users.id, contracts.clientId))
    .where(eq(contracts.id, draw.contractId))
  const step = StepSlug.safeParse(row?.step)
  if (!row || !step.success) return null
  const claimants = await tx
    .select({
      claimant: notices.claimant,
      conditionalWaiverFileId: noticeWaivers.conditionalFileId,
    })
    .from(notices)
    .leftJoin(
      noticeWaivers,
      and(eq(noticeWaivers.noticeId, notices.id), eq(noticeWaivers.drawId, draw.id)),
    )
    .where(and(eq(notices.clientId, clientId), eq(notices.tradeId, row.tradeId)))
    .orderBy(asc(notices.receivedOn), asc(notices.createdAt), asc(notices.id))
  const [last] = await tx
    .select({ id: draws.id })
    .from(draws)
    .where(eq(draws.contractId, draw.contractId))
    .orderBy(desc(draws.position))
    .limit(1)
  const letter: Omit<PaymentLetter, 'amount' | 'paidOn'> = {
    to: row.to,
    ownerName: row.ownerName,
    step: step.data,
    label: draw.label,
    final: last?.id === draw.id,
  }
  const waivers = {
    conditionalWaiverFileId: draw.conditionalWaiverFileId,
    noticeWaivers: claimants,
  }
  return { to: row.to, letter, waivers }
}

export default fp(
  async function moneyRepository(app: FastifyInstance) {
    const { db } = app

    const get: MoneyBook['get'] = async (clientId, timeline) => {
      const { stages } = await app.stages.list()
      const [{ project, rows }, shown] = await Promise.all([
        moneyFactsOf(db, clientId, stages),
        timeline ?? app.timelines.get(clientId),
      ])
      return moneyOf(rows, { project, timeline: shown, today: await clientToday(app, clientId) })
    }

    /** A write under the client's money lock, answered with the Money it leaves. */
    const write = async (clientId: string, run: (tx: Tx) => Promise<void>) => {
      await db.transaction(async (tx) => {
        await lockMoney(tx, clientId)
        await run(tx)
      })
      return get(clientId)
    }

    const setDraws: MoneyBook['setDraws'] = (clientId, step, plan) =>
      write(clientId, async (tx) => {
        const { contract, committed } = await contractOf(tx, clientId, step)
        const shortBy = drawsShortBy(plan, committed)
        if (shortBy !== 0) {
          const message = drawsSumMessage(shortBy, committed)
          throw new HttpProblem(400, MoneyProblemCode.drawsMustSum, message, {
            errors: { draws: [message] },
          })
        }
        const current = await drawsOf(tx, contract.id)
        const { rows, dropped } = matchDraws(current, plan)
        const paidDropped = dropped.find((draw) => draw.paid > 0)
        if (paidDropped) throw drawBelowPaid(paidDropped, 'a draw with payments cannot be removed')
        const shrunk = rows.find(({ row, draw }) => draw && row.amount < draw.paid)?.draw
        if (shrunk) throw drawBelowPaid(shrunk)
        for (const draw of dropped) await tx.delete(draws).where(eq(draws.id, draw.id))
        // (contract_id, position) is unique row by row, so the kept draws step aside first.
        await tx
          .update(draws)
          .set({ position: sql`-1 - ${draws.position}` })
          .where(eq(draws.contractId, contract.id))
        for (const [position, { row, draw }] of rows.entries()) {
          const next = { position, label: row.label, amount: row.amount, due: row.due }
          if (draw) await tx.update(draws).set(next).where(eq(draws.id, draw.id))
          else await tx.insert(draws).values({ clientId, contractId: contract.id, ...next })
        }
      })

    const recordPayment: MoneyBook['recordPayment'] = async (clientId, drawId, payment) => {
      const letter = await db.transaction(async (tx) => {
        await lockMoney(tx, clientId)
        // Locked, so two payments on one draw are checked one after the other.
        const [draw] = await tx
          .select()
          .from(draws)
          .where(and(eq(draws.id, drawId), eq(draws.clientId, clientId)))
          .for('update')
        if (!draw) throw notFound('No such draw.')
        const [paid] = await tx
          .select({ total: sql<number>`coalesce(sum(${payments.amount}), 0)::int` })
          .from(payments)
          .where(eq(payments.drawId, drawId))
        const owed = draw.amount - (paid?.total ?? 0)
        if (payment.amount > owed)
          throw conflict(
            paymentTooLargeMessage(draw.label, owed),
            MoneyProblemCode.paymentExceedsDraw,
          )
        const trade = await tradeOfDraw(tx, clientId, draw)
        const missing = trade ? missingConditional(trade.waivers, trade.to.company) : []
        if (missing.length > 0 && payment.acknowledge !== true)
          throw new HttpProblem(
            409,
            MoneyProblemCode.waiverRequired,
            waiverRequiredMessage(draw.label, missing),
            { errors: { [WAIVER_REQUIRED_FIELD]: missing } },
          )
        const acknowledged = missing.length > 0
        const [row] = await tx
          .insert(payments)
          .values({
            clientId,
            drawId,
            paidOn: payment.paidOn,
            amount: payment.amount,
            method: payment.method,
            reference: payment.reference ?? '',
            acknowledged,
            createdAt: app.clock(),
          })
          .returning({ id: payments.id, drawId: payments.drawId, amount: payments.amount })
        if (row) await payRequests(tx, row, owed - payment.amount)
        if (acknowledged && row)
          await audit(tx, {
            actorId: clientId,
            action: 'create',
            entity: 'payment',
            entityId: row.id,
            after: { drawId, amount: payment.amount, acknowledged: { waiversMissing: missing } },
          })
        return trade && { ...trade.letter, amount: payment.amount, paidOn: payment.paidOn }
      })
      if (letter) app.mailer.send(waiverRequestEmail(letter))
      return get(clientId)
    }

    const deletePayment: MoneyBook['deletePayment'] = (clientId, paymentId) =>
      write(clientId, async (tx) => {
        await reopenRequests(tx, clientId, paymentId)
        const [deleted] = await tx
          .delete(payments)
          .where(and(eq(payments.id, paymentId), eq(payments.clientId, clientId)))
          .returning({ id: payments.id })
        if (!deleted) throw notFound('No such payment.')
      })

    const declinePaymentRequest: MoneyBook['declinePaymentRequest'] = (clientId, id) =>
      write(clientId, (tx) => declineRequest(tx, clientId, id))

    const addChangeOrder: MoneyBook['addChangeOrder'] = (clientId, step, description, amount) =>
      write(clientId, async (tx) => {
        const { contract } = await contractOf(tx, clientId, step)
        await tx.insert(changeOrders).values({
          clientId,
          contractId: contract.id,
          description,
          amount,
          createdAt: app.clock(),
        })
      })

    const decideChangeOrder: MoneyBook['decideChangeOrder'] = (clientId, id, status) =>
      write(clientId, async (tx) => {
        const [order] = await tx
          .select()
          .from(changeOrders)
          .where(and(eq(changeOrders.id, id), eq(changeOrders.clientId, clientId)))
        if (!order) throw notFound('No such change order.')
        if (order.status !== 'proposed')
          throw conflict(
            `This change order was already ${order.status}.`,
            MoneyProblemCode.changeOrderDecided,
          )
        if (status === 'approved') {
          const plan = await drawsOf(tx, order.contractId)
          const balance = plan.findLast((d) => d.due === 'done') ?? plan.at(-1)
          if (balance) {
            const amount = balance.amount + order.amount
            if (amount < balance.paid) throw drawBelowPaid(balance)
            await tx.update(draws).set({ amount }).where(eq(draws.id, balance.id))
          }
        }
        await tx
          .update(changeOrders)
          .set({ status, decidedAt: app.clock() })
          .where(eq(changeOrders.id, id))
      })

    const setLienWaiver: MoneyBook['setLienWaiver'] = (clientId, drawId, fileId, kind) =>
      write(clientId, async (tx) => {
        const [draw] = await tx
          .select({ id: draws.id })
          .from(draws)
          .where(and(eq(draws.id, drawId), eq(draws.clientId, clientId)))
        if (!draw) throw notFound('No such draw.')
        await checkWaiverFile(tx, clientId, fileId)
        const column = kind === 'conditional' ? 'conditionalWaiverFileId' : 'lienWaiverFileId'
        await tx
          .update(draws)
          .set({ [column]: fileId })
          .where(eq(draws.id, drawId))
      })

    const setNoticeWaiver: MoneyBook['setNoticeWaiver'] = (clientId, drawId, noticeId, waiver) =>
      write(clientId, async (tx) => {
        const [found] = await tx
          .select({ drawId: draws.id })
          .from(draws)
          .innerJoin(contracts, eq(contracts.id, draws.contractId))
          .innerJoin(quotes, eq(quotes.id, contracts.quoteId))
          .innerJoin(notices, eq(notices.tradeId, quotes.tradeId))
          .where(
            and(
              eq(draws.id, drawId),
              eq(draws.clientId, clientId),
              eq(notices.id, noticeId),
              eq(notices.clientId, clientId),
            ),
          )
        if (!found) throw notFound('No such draw, or no such notice for its trade.')
        await checkWaiverFile(tx, clientId, waiver.fileId)
        const column = waiver.kind === 'conditional' ? 'conditionalFileId' : 'unconditionalFileId'
        await tx
          .insert(noticeWaivers)
          .values({ drawId, noticeId, [column]: waiver.fileId })
          .onConflictDoUpdate({
            target: [noticeWaivers.drawId, noticeWaivers.noticeId],
            set: { [column]: waiver.fileId },
          })
      })

    app.decorate('money', {
      get,
      setDraws,
      recordPayment,
      deletePayment,
      declinePaymentRequest,
      addChangeOrder,
      decideChangeOrder,
      setLienWaiver,
      setNoticeWaiver,
    } satisfies MoneyBook)
  },
  { name: 'money', dependencies: ['db', 'core', 'stages', 'timelines', 'mailer'] },
)
