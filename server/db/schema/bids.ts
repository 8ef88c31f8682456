// Bid requests by link, the trades' sessions and their one-time codes, scope items and the
// trades' date proposals (PRODUCT.md §14, §18a).
import { sql } from 'drizzle-orm'
import { index, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { at, createdAt, day, id, keyTo, updatedAt } from './columns'
import { oneTimeCode } from './accounts'
import { ownedByClient } from './client-column'
import { files } from './documents'
import { quotes } from './pool'
import { trades } from './trades'

/**
 * The scope items of a licensed step, which admins edit (one list per step): `share` is the
 * whole percent of the step's estimate the item stands for, a step's adding up to at most 100.
 */
export const scopeItems = pgTable(
  'scope_items',
  {
    id: id(),
    step: text('step').notNull(),
    text: text('text').notNull(),
    share: smallint('share').notNull(),
    position: smallint('position').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('scope_items_step_position_idx').on(t.step, t.position)],
)

/**
 * A request for one trade's bid on one step. Only a keyed hash of its link's token is kept; a
 * resend writes a new hash, so the old link is gone. The status moves sent → viewed →
 * submitted | declined | withdrawn | expired.
 */
export const bidRequests = pgTable(
  'bid_requests',
  {
    ...ownedByClient(),
    step: text('step').notNull(),
    tradeId: keyTo('trade_id', () => trades.id, 'cascade'),
    dueOn: day('due_on').notNull(),
    message: text('message').notNull().default(''),
    status: text('status', {
      enum: ['sent', 'viewed', 'submitted', 'declined', 'withdrawn', 'expired'],
    })
      .notNull()
      .default('sent'),
    tokenHash: text('token_hash').notNull().unique(),
    /** The owner's files attached to the request (kinds plan and permit). */
    fileIds: uuid('file_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    sentAt: at('sent_at').notNull().defaultNow(),
    viewedAt: at('viewed_at'),
    respondedAt: at('responded_at'),
    quoteId: uuid('quote_id').references(() => quotes.id, { onDelete: 'set null' }),
    declineReason: text('decline_reason'),
    /** When the due-date reminder was claimed: it goes out once, from one server. */
    remindedAt: at('reminded_at'),
    /** When the trade confirmed the awarded step's planned dates. */
    datesConfirmedAt: at('dates_confirmed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('bid_requests_client_step_idx').on(t.clientId, t.step),
    index('bid_requests_trade_idx').on(t.tradeId),
    index('bid_requests_quote_idx').on(t.quoteId),
    // The reminder job reads the open requests not yet reminded, by due date.
    index('bid_requests_due_idx')
      .on(t.dueOn)
      .where(sql`${t.remindedAt} is null and ${t.status} in ('sent', 'viewed')`),
    // One open request per trade per step (409 BID_REQUESTED).
    uniqueIndex('bid_requests_open_idx')
      .on(t.tradeId, t.step)
      .where(sql`${t.status} in ('sent', 'viewed', 'submitted')`),
  ],
)

/** The one-time codes a trade signs in with on its link's page, as keyed hashes. */
export const tradeCodes = pgTable(
  'trade_codes',
  {
    id: id(),
    bidRequestId: keyTo('bid_request_id', () => bidRequests.id, 'cascade'),
    ...oneTimeCode(),
    createdAt: createdAt(),
  },
  (t) => [
    index('trade_codes_request_idx').on(t.bidRequestId),
    index('trade_codes_expires_idx').on(t.expiresAt),
  ],
)

/** A trade session: the cookie's keyed hash, scoped to one bid request, for 4 hours. */
export const tradeSessions = pgTable(
  'trade_sessions',
  {
    id: id(),
    bidRequestId: keyTo('bid_request_id', () => bidRequests.id, 'cascade'),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('trade_sessions_request_idx').on(t.bidRequestId),
    index('trade_sessions_expires_idx').on(t.expiresAt),
  ],
)

/** An awarded trade's proposal of another start for its step, which the owner accepts or not. */
export const dateProposals = pgTable(
  'date_proposals',
  {
    ...ownedByClient(),
    bidRequestId: keyTo('bid_request_id', () => bidRequests.id, 'cascade'),
    step: text('step').notNull(),
    start: day('start').notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: ['open', 'accepted', 'rejected'] })
      .notNull()
      .default('open'),
    createdAt: createdAt(),
  },
  (t) => [
    index('date_proposals_client_idx').on(t.clientId),
    index('date_proposals_request_idx').on(t.bidRequestId),
  ],
)

/**
 * The files a trade uploaded through its request's portal: they are the owner's (quota and all,
 * PRODUCT.md §14), and only these may be the proposal of the trade's bid.
 */
export const tradeFiles = pgTable(
  'trade_files',
  {
    fileId: uuid('file_id')
      .primaryKey()
      .references(() => files.id, { onDelete: 'cascade' }),
    bidRequestId: keyTo('bid_request_id', () => bidRequests.id, 'cascade'),
  },
  (t) => [index('trade_files_request_idx').on(t.bidRequestId)],
)
