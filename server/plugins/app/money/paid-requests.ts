// What a payment does to the trades' payment requests on its draw (PRODUCT.md §15), and the
// owner's decline. Paying a request is recording a payment on its draw: see requestsPaidBy.
import { and, asc, eq, inArray } from 'drizzle-orm'
import { MoneyProblemCode } from '../../../../contract/money'
import { requestsPaidBy } from '../../../../contract/money-rules'
import type { Tx } from '../../../db/driver/client'
import { paymentRequests } from '../../../db/schema'
import { conflict, notFound } from '../../../lib/problem'

/** Marks paid the draw's open requests a new payment covers, by that payment. */
export async function payRequests(
  tx: Tx,
  payment: { id: string; drawId: string; amount: number },
  owedAfter: number,
) {
  const open = await tx
    .select({
      id: paymentRequests.id,
      amount: paymentRequests.amount,
      status: paymentRequests.status,
    })
    .from(paymentRequests)
    .where(and(eq(paymentRequests.drawId, payment.drawId), eq(paymentRequests.status, 'open')))
    .orderBy(asc(paymentRequests.requestedAt), asc(paymentRequests.id))
  const paid = requestsPaidBy(open, payment.amount, owedAfter).map((r) => r.id)
  if (paid.length === 0) return
  await tx
    .update(paymentRequests)
    .set({ status: 'paid', paymentId: payment.id })
    .where(inArray(paymentRequests.id, paid))
}

/** A deleted payment leaves the requests it paid open again. */
export async function reopenRequests(tx: Tx, clientId: string, paymentId: string) {
  await tx
    .update(paymentRequests)
    .set({ status: 'open', paymentId: null })
    .where(and(eq(paymentRequests.clientId, clientId), eq(paymentRequests.paymentId, paymentId)))
}

/** Declines the client's open request `id`: 404 for another's, 409 once paid or declined. */
export async function declineRequest(tx: Tx, clientId: string, id: string) {
  const [request] = await tx
    .select({ status: paymentRequests.status })
    .from(paymentRequests)
    .where(and(eq(paymentRequests.id, id), eq(paymentRequests.clientId, clientId)))
  if (!request) throw notFound('No such payment request.')
  if (request.status !== 'open')
    throw conflict(
      `This payment request was already ${request.status}.`,
      MoneyProblemCode.paymentRequestClosed,
    )
  await tx.update(paymentRequests).set({ status: 'declined' }).where(eq(paymentRequests.id, id))
}
