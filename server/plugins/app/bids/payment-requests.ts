// "The trade asks to be paid" (PRODUCT.md §15): a payment request on a draw of the trade's
// award, with its own uploads of an invoice and a conditional waiver; and, once paid, its
// unconditional waiver.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import {
  BidsProblemCode,
  type TradeLienWaiverBody,
  type TradePayment,
  type TradePaymentRequestBody,
} from '../../../../contract/bids'
import type { FileKind } from '../../../../contract/documents'
import { MoneyProblemCode } from '../../../../contract/money'
import { paymentTooLargeMessage } from '../../../../contract/money-rules'
import type { Tx } from '../../../db/driver/client'
import { contracts, draws, files, paymentRequests, payments, tradeFiles } from '../../../db/schema'
import { badRequest, conflict, notFound } from '../../../lib/problem'
import { lockMoney } from '../money/contracts'
import type { TradeRequest } from './trade-requests'

/** The kind each file of a request must have been uploaded as, and what to say otherwise. */
const REQUEST_FILES = {
  invoiceFileId: { kind: 'invoice', missing: 'Upload your invoice here first' },
  conditionalWaiverFileId: {
    kind: 'lien-waiver',
    missing: 'Upload your conditional waiver here first',
  },
} as const satisfies Record<string, { kind: FileKind; missing: string }>

/** The unconditional waiver sent on its own, once the draw is paid. */
const WAIVER_FILE = {
  fileId: { kind: 'lien-waiver', missing: 'Upload your unconditional waiver here first' },
} as const satisfies Record<string, { kind: FileKind; missing: string }>

/** Each file is the trade's own upload through this request, of the kind its field stands for. */
async function checkFiles<Field extends string>(
  tx: Tx,
  request: TradeRequest,
  fields: Record<Field, { kind: FileKind; missing: string }>,
  body: Record<NoInfer<Field>, string>,
) {
  const ids = Object.keys(fields).map((field) => body[field as Field])
  const own = await tx
    .select({ id: files.id, kind: files.kind })
    .from(tradeFiles)
    .innerJoin(files, eq(files.id, tradeFiles.fileId))
    .where(and(eq(tradeFiles.bidRequestId, request.id), inArray(tradeFiles.fileId, ids)))
    .for('key share', { of: files })
  const errors: Record<string, string[]> = {}
  for (const [field, { kind, missing }] of Object.entries<{ kind: FileKind; missing: string }>(
    fields,
  )) {
    const id = body[field as Field]
    if (!own.some((file) => file.id === id && file.kind === kind)) errors[field] = [missing]
  }
  if (Object.keys(errors).length > 0) throw badRequest(errors)
}

/** The draw of the trade's own contract, locked, with what it still owes; 404 for any other. */
async function drawOwing(tx: Tx, award: { clientId: string; quoteId: string }, drawId: string) {
  const [draw] = await tx
    .select({
      id: draws.id,
      label: draws.label,
      amount: draws.amount,
      unconditionalWaiverFileId: draws.lienWaiverFileId,
    })
    .from(draws)
    .innerJoin(contracts, eq(contracts.id, draws.contractId))
    .where(
      and(
        eq(draws.id, drawId),
        eq(draws.clientId, award.clientId),
        eq(contracts.quoteId, award.quoteId),
      ),
    )
    .for('update', { of: draws })
  if (!draw) throw notFound('No such draw on your contract.')
  const [paid] = await tx
    .select({ total: sql<number>`coalesce(sum(${payments.amount}), 0)::int` })
    .from(payments)
    .where(eq(payments.drawId, drawId))
  return { ...draw, owed: draw.amount - (paid?.total ?? 0) }
}

/** The trade's award: 409 NOT_AWARDED, saying `before`, while its bid is not accepted. */
function awardOf(request: TradeRequest, before: string) {
  const { clientId, quoteId } = request
  if (!request.accepted || !quoteId) throw conflict(before, BidsProblemCode.notAwarded)
  return { clientId, quoteId }
}

/**
 * Files the trade's request on a draw of its award, under the client's money lock (so what the
 * draw owes cannot change meanwhile): 409 NOT_AWARDED before the award, 404 for a draw of
 * another contract, 409 PAYMENT_EXCEEDS_DRAW above what the draw still owes, 400 for files that
 * are not the trade's invoice and waiver. Its waiver becomes the draw's conditional waiver when
 * the draw has none. Answers the draw's label, for the owner's email.
 */
export async function requestPayment(
  app: FastifyInstance,
  request: TradeRequest,
  body: TradePaymentRequestBody,
): Promise<{ drawLabel: string }> {
  const { clientId, quoteId } = awardOf(
    request,
    'You can ask to be paid once your bid is accepted.',
  )
  return app.db.transaction(async (tx) => {
    await lockMoney(tx, clientId)
    const draw = await drawOwing(tx, { clientId, quoteId }, body.drawId)
    if (body.amount > draw.owed)
      throw conflict(
        paymentTooLargeMessage(draw.label, draw.owed),
        MoneyProblemCode.paymentExceedsDraw,
      )
    await checkFiles(tx, request, REQUEST_FILES, body)
    await tx.insert(paymentRequests).values({
      clientId,
      drawId: draw.id,
      bidRequestId: request.id,
      amount: body.amount,
      invoiceFileId: body.invoiceFileId,
      conditionalWaiverFileId: body.conditionalWaiverFileId,
      requestedAt: app.clock(),
    })
    // The waiver that comes with the request is the draw's conditional one if it has none yet.
    await tx
      .update(draws)
      .set({ conditionalWaiverFileId: body.conditionalWaiverFileId })
      .where(and(eq(draws.id, draw.id), isNull(draws.conditionalWaiverFileId)))
    return { drawLabel: draw.label }
  })
}

/**
 * The trade's signed unconditional waiver for a draw of its award, under the client's money
 * lock: it becomes the draw's unconditional waiver, as if the owner had attached it. 409
 * NOT_AWARDED before the award, 404 for a draw of another contract, 409 CONFLICT before any
 * payment on the draw (a trade waives only what it was paid) or once the draw holds a waiver,
 * 400 for a file that is not the trade's own lien waiver.
 */
export async function sendLienWaiver(
  app: FastifyInstance,
  request: TradeRequest,
  body: TradeLienWaiverBody,
): Promise<void> {
  const award = awardOf(request, 'You can send a waiver once your bid is accepted.')
  await app.db.transaction(async (tx) => {
    await lockMoney(tx, award.clientId)
    const draw = await drawOwing(tx, award, body.drawId)
    if (draw.owed === draw.amount)
      throw conflict(
        `The owner has paid nothing on ${draw.label} yet: send the unconditional waiver once they have.`,
      )
    if (draw.unconditionalWaiverFileId !== null)
      throw conflict(`The owner already holds an unconditional waiver for ${draw.label}.`)
    await checkFiles(tx, request, WAIVER_FILE, body)
    await tx.update(draws).set({ lienWaiverFileId: body.fileId }).where(eq(draws.id, draw.id))
  })
}

/** The trade's requests, oldest first, as its portal shows them. */
export async function tradePaymentsOf(
  app: FastifyInstance,
  request: TradeRequest,
): Promise<TradePayment[]> {
  const rows = await app.db
    .select()
    .from(paymentRequests)
    .where(eq(paymentRequests.bidRequestId, request.id))
    .orderBy(asc(paymentRequests.requestedAt), asc(paymentRequests.id))
  return rows.map((row) => ({
    id: row.id,
    drawId: row.drawId,
    amount: row.amount,
    invoiceFileId: row.invoiceFileId,
    conditionalWaiverFileId: row.conditionalWaiverFileId,
    requestedAt: row.requestedAt.toISOString(),
    status: row.status,
  }))
}
