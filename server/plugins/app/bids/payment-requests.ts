// "The trade asks to be paid" (PRODUCT.md §15): a payment request on a draw of the trade's
// award, with its own uploads of an invoice and a conditional waiver.
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import {
  BidsProblemCode,
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

/** Both files are the trade's own uploads through this request, of the kind each stands for. */
async function checkFiles(tx: Tx, request: TradeRequest, body: TradePaymentRequestBody) {
  const ids = [body.invoiceFileId, body.conditionalWaiverFileId]
  const own = await tx
    .select({ id: files.id, kind: files.kind })
    .from(tradeFiles)
    .innerJoin(files, eq(files.id, tradeFiles.fileId))
    .where(and(eq(tradeFiles.bidRequestId, request.id), inArray(tradeFiles.fileId, ids)))
    .for('key share', { of: files })
  const errors: Record<string, string[]> = {}
  for (const [field, { kind, missing }] of Object.entries(REQUEST_FILES)) {
    const id = body[field as keyof typeof REQUEST_FILES]
    if (!own.some((file) => file.id === id && file.kind === kind)) errors[field] = [missing]
  }
  if (Object.keys(errors).length > 0) throw badRequest(errors)
}

/** The draw of the trade's own contract, locked, with what it still owes; 404 for any other. */
async function drawOwing(tx: Tx, award: { clientId: string; quoteId: string }, drawId: string) {
  const [draw] = await tx
    .select({ id: draws.id, label: draws.label, amount: draws.amount })
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

/**
 * Files the trade's request on a draw of its award, under the client's money lock (so what the
 * draw owes cannot change meanwhile): 409 NOT_AWARDED before the award, 404 for a draw of
 * another contract, 409 PAYMENT_EXCEEDS_DRAW above what the draw still owes, 400 for files that
 * are not the trade's invoice and waiver. Answers the draw's label, for the owner's email.
 */
export async function requestPayment(
  app: FastifyInstance,
  request: TradeRequest,
  body: TradePaymentRequestBody,
): Promise<{ drawLabel: string }> {
  const { clientId, quoteId } = request
  if (!request.accepted || !quoteId)
    throw conflict('You can ask to be paid once your bid is accepted.', BidsProblemCode.notAwarded)
  return app.db.transaction(async (tx) => {
    await lockMoney(tx, clientId)
    const draw = await drawOwing(tx, { clientId, quoteId }, body.drawId)
    if (body.amount > draw.owed)
      throw conflict(
        paymentTooLargeMessage(draw.label, draw.owed),
        MoneyProblemCode.paymentExceedsDraw,
      )
    await checkFiles(tx, request, body)
    await tx.insert(paymentRequests).values({
      clientId,
      drawId: draw.id,
      bidRequestId: request.id,
      amount: body.amount,
      invoiceFileId: body.invoiceFileId,
      conditionalWaiverFileId: body.conditionalWaiverFileId,
      requestedAt: app.clock(),
    })
    return { drawLabel: draw.label }
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
