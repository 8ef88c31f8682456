// What a trade answers on its request (PRODUCT.md §14): its bid (the owner's quote on the
// step), a decline, and once awarded the step's dates.
import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { BidsProblemCode, type TradeBidBody, type TradeDatesBody } from '../../../../contract/bids'
import { bidRequests, dateProposals, quotes, scopeItems, tradeFiles } from '../../../db/schema'
import { badRequest, conflict } from '../../../lib/problem'
import type { TradeRequest } from './trade-requests'

const bidAccepted = () =>
  conflict('Your bid was accepted: it can no longer be changed.', BidsProblemCode.bidAccepted)
const bidClosed = () =>
  conflict('The due date has passed: bids are closed.', BidsProblemCode.bidClosed)

/** Bids are taken until the due date (the project's day) and while none was accepted. */
function checkOpen(request: TradeRequest) {
  if (request.accepted) throw bidAccepted()
  if (request.today > request.dueOn) throw bidClosed()
}

/** Every item names one of the step's scope items, once; the file is the trade's own upload. */
async function checkBid(app: FastifyInstance, request: TradeRequest, body: TradeBidBody) {
  const ids = body.items.map((item) => item.itemId)
  const known =
    ids.length === 0
      ? []
      : await app.db
          .select({ id: scopeItems.id })
          .from(scopeItems)
          .where(and(eq(scopeItems.step, request.step), inArray(scopeItems.id, ids)))
  const errors: Record<string, string[]> = {}
  if (new Set(ids).size !== ids.length || known.length !== ids.length)
    errors.items = ['Choose only items of this step’s scope, each once']
  if (body.fileId) {
    const [own] = await app.db
      .select({ id: tradeFiles.fileId })
      .from(tradeFiles)
      .where(and(eq(tradeFiles.fileId, body.fileId), eq(tradeFiles.bidRequestId, request.id)))
    if (!own) errors.fileId = ['Upload your proposal here first']
  }
  if (Object.keys(errors).length > 0) throw badRequest(errors)
}

/** The bid's fields as the quote keeps them. */
const bidColumns = (body: TradeBidBody) => ({
  amount: body.amount,
  note: body.note ?? '',
  items: body.items,
  validUntil: body.validUntil ?? null,
  fileId: body.fileId ?? null,
})

/** Replaces the bid's quote, unless the owner accepted it meanwhile. */
async function replaceBid(app: FastifyInstance, quoteId: string, body: TradeBidBody) {
  const replaced = await app.db
    .update(quotes)
    .set(bidColumns(body))
    .where(and(eq(quotes.id, quoteId), eq(quotes.accepted, false)))
    .returning({ id: quotes.id })
  if (replaced.length === 0) throw bidAccepted()
}

/** Adds the bid as a quote on the step, by the one quote insert (5 quotes a step at most). */
async function addBid(app: FastifyInstance, request: TradeRequest, body: TradeBidBody) {
  const { stages } = await app.stages.list()
  const stage = stages.find((s) => s.slug === request.step)
  if (!stage) throw new Error(`a bid request names the step ${request.step}, which is no stage`)
  const { items, validUntil, fileId, ...quote } = bidColumns(body)
  const entry = await app.poolEntries.addQuote(
    request.clientId,
    { StageId: stage.id },
    {
      ...quote,
      vendor: request.company,
      tradeId: request.tradeId,
      bid: { requestId: request.id, items, validUntil, fileId },
    },
  )
  const added = entry.quotes.find((q) => q.bidRequestId === request.id)
  if (!added) throw new Error('the bid’s quote was not added')
  const linked = await app.db
    .update(bidRequests)
    .set({ quoteId: added.id })
    .where(and(eq(bidRequests.id, request.id), isNull(bidRequests.quoteId)))
    .returning({ id: bidRequests.id })
  if (linked.length > 0) return
  // Another submit of the same trade linked its quote first: this one is not kept.
  await app.db.delete(quotes).where(eq(quotes.id, added.id))
  throw conflict('Your bid was sent twice at once. Reload the page to see it.')
}

/** Creates or replaces the trade's bid; the request becomes submitted. */
export async function submitBid(app: FastifyInstance, request: TradeRequest, body: TradeBidBody) {
  checkOpen(request)
  await checkBid(app, request, body)
  if (request.quoteId) await replaceBid(app, request.quoteId, body)
  else await addBid(app, request, body)
  await app.db
    .update(bidRequests)
    .set({ status: 'submitted', respondedAt: app.clock(), declineReason: null })
    .where(eq(bidRequests.id, request.id))
}

export async function declineBid(app: FastifyInstance, request: TradeRequest, reason: string) {
  if (request.accepted) throw bidAccepted()
  await app.db
    .update(bidRequests)
    .set({ status: 'declined', declineReason: reason, respondedAt: app.clock() })
    .where(eq(bidRequests.id, request.id))
}

/** Confirms the awarded step's dates, or proposes another start (replacing an open proposal). */
export async function answerDates(
  app: FastifyInstance,
  request: TradeRequest,
  body: TradeDatesBody,
) {
  if (!request.accepted)
    throw conflict('Dates are confirmed once your bid is accepted.', BidsProblemCode.notAwarded)
  if ('confirm' in body) {
    await app.db
      .update(bidRequests)
      .set({ datesConfirmedAt: app.clock() })
      .where(eq(bidRequests.id, request.id))
    return
  }
  await app.db.transaction(async (tx) => {
    await tx
      .delete(dateProposals)
      .where(and(eq(dateProposals.bidRequestId, request.id), eq(dateProposals.status, 'open')))
    await tx.insert(dateProposals).values({
      clientId: request.clientId,
      bidRequestId: request.id,
      step: request.step,
      start: body.start,
      note: body.note ?? '',
      createdAt: app.clock(),
    })
  })
}

/** Records that the trade uploaded `fileId` through its request. */
export async function recordTradeFile(app: FastifyInstance, requestId: string, fileId: string) {
  await app.db.insert(tradeFiles).values({ fileId, bidRequestId: requestId })
}
