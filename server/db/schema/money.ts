// Each step's contract, its payment plan (draws), the payments and the change orders.
import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, at, day, keyTo } from './columns'
import { ownedByClient } from './client-column'
import { fileLink } from './documents'
import { quotes } from './pool'
import { bidRequests } from './bids'

/**
 * A step's contract (PRODUCT.md §10): its accepted quote as it was when accepted, one per client
 * and step. The quote cannot be deleted from under it (the quote calls delete the contract first).
 */
export const contracts = pgTable(
  'contracts',
  {
    ...ownedByClient(),
    step: text('step').notNull(),
    quoteId: keyTo('quote_id', () => quotes.id),
    vendor: text('vendor').notNull(),
    amount: integer('amount').notNull(),
    /** The day the quote was accepted: a draw due at signing falls due on it. */
    signedOn: day('signed_on').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('contracts_client_step_idx').on(t.clientId, t.step),
    index('contracts_quote_idx').on(t.quoteId),
  ],
)

/** A contract's payment plan, in order; the amounts add up to its committed cost. */
export const draws = pgTable(
  'draws',
  {
    ...ownedByClient(),
    contractId: keyTo('contract_id', () => contracts.id, 'cascade'),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    amount: integer('amount').notNull(),
    due: text('due', { enum: ['signing', 'start', 'done', 'inspection'] }).notNull(),
    /** A document of kind lien-waiver (§11); deleting the file unlinks it. */
    lienWaiverFileId: fileLink('lien_waiver_file_id'),
  },
  (t) => [
    uniqueIndex('draws_contract_position_idx').on(t.contractId, t.position),
    index('draws_client_idx').on(t.clientId),
    index('draws_lien_waiver_idx').on(t.lienWaiverFileId),
    check('draws_amount', sql`${t.amount} >= 0`),
  ],
)

/**
 * What was paid on a draw. A draw with payments is never deleted by the money calls, and the
 * foreign key makes sure of it: only deleting the client takes payments with it.
 */
export const payments = pgTable(
  'payments',
  {
    ...ownedByClient(),
    drawId: keyTo('draw_id', () => draws.id),
    paidOn: day('paid_on').notNull(),
    amount: integer('amount').notNull(),
    method: text('method', { enum: ['check', 'card', 'transfer', 'cash', 'other'] }).notNull(),
    reference: text('reference').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_client_idx').on(t.clientId),
    index('payments_draw_idx').on(t.drawId),
    check('payments_amount', sql`${t.amount} > 0`),
  ],
)

/** Signed changes to a contract's amount, proposed and then approved or rejected by the client. */
export const changeOrders = pgTable(
  'change_orders',
  {
    ...ownedByClient(),
    contractId: keyTo('contract_id', () => contracts.id, 'cascade'),
    description: text('description').notNull(),
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['proposed', 'approved', 'rejected'] })
      .notNull()
      .default('proposed'),
    createdAt: createdAt(),
    decidedAt: at('decided_at'),
  },
  (t) => [
    index('change_orders_client_idx').on(t.clientId),
    index('change_orders_contract_idx').on(t.contractId),
  ],
)

/**
 * A trade's request to be paid on a draw of its award (PRODUCT.md §15), made through its bid
 * request's portal, with its invoice and conditional waiver (the trade's uploads; deleting a
 * file unlinks it). Open until a payment on the draw covers it (`paymentId`: deleting that
 * payment opens it again) or the owner declines it.
 */
export const paymentRequests = pgTable(
  'payment_requests',
  {
    ...ownedByClient(),
    drawId: keyTo('draw_id', () => draws.id, 'cascade'),
    bidRequestId: keyTo('bid_request_id', () => bidRequests.id, 'cascade'),
    amount: integer('amount').notNull(),
    invoiceFileId: fileLink('invoice_file_id'),
    conditionalWaiverFileId: fileLink('conditional_waiver_file_id'),
    status: text('status', { enum: ['open', 'paid', 'declined'] })
      .notNull()
      .default('open'),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    requestedAt: at('requested_at').notNull().defaultNow(),
  },
  (t) => [
    index('payment_requests_client_idx').on(t.clientId),
    index('payment_requests_draw_idx').on(t.drawId),
    index('payment_requests_bid_request_idx').on(t.bidRequestId),
    index('payment_requests_invoice_idx').on(t.invoiceFileId),
    index('payment_requests_waiver_idx').on(t.conditionalWaiverFileId),
    index('payment_requests_payment_idx').on(t.paymentId),
    check('payment_requests_amount', sql`${t.amount} > 0`),
  ],
)
