/**
 * The trade portal (PRODUCT.md §14): a trade signs in on its link's page with an emailed code,
 * then reads its bid package and answers it. Every call but the sign-in's is the trade session's
 * alone (access `trade`): the session cookie, scoped to one bid request, and nothing else.
 */
import { z } from 'zod/mini'
import { NoBody } from '../api'
import {
  TradeBidBody,
  TradeDatesBody,
  TradeDeclineBody,
  TradeFileBody,
  TradeLienWaiverBody,
  TradeLinkData,
  TradeLoginBody,
  TradeLoginData,
  TradePaymentRequestBody,
  TradeVerifyBody,
  TradeView,
  BidsProblemCode,
} from '../bids'
import { StoredFile, DocumentsProblemCode } from '../documents'
import { MoneyProblemCode } from '../money'

import { CODE_PROBLEMS, ProblemCode } from '../problem'
import type { RouteDef } from './types'

export const tradeRoutes = {
  tradeLink: {
    method: 'POST',
    path: '/api/trade/link',
    access: 'public',
    body: TradeLoginBody,
    data: TradeLinkData,
    refuses: { 410: [BidsProblemCode.linkGone], 429: [ProblemCode.rateLimited] },
  },
  tradeLogin: {
    method: 'POST',
    path: '/api/trade/login',
    access: 'public',
    body: TradeLoginBody,
    data: TradeLoginData,
    refuses: { 410: [BidsProblemCode.linkGone], 429: [ProblemCode.rateLimited] },
  },
  tradeVerify: {
    method: 'POST',
    path: '/api/trade/verify',
    access: 'public',
    body: TradeVerifyBody,
    data: TradeView,
    refuses: {
      // UNAUTHENTICATED: no code was sent for the link yet.
      401: [...CODE_PROBLEMS, ProblemCode.unauthenticated],
      410: [BidsProblemCode.linkGone],
      429: [ProblemCode.rateLimited],
    },
  },
  tradeView: {
    method: 'GET',
    path: '/api/trade',
    access: 'trade',
    data: TradeView,
    refuses: { 410: [BidsProblemCode.linkGone] },
  },
  tradeBid: {
    method: 'PUT',
    path: '/api/trade/bid',
    access: 'trade',
    body: TradeBidBody,
    data: TradeView,
    refuses: {
      409: [BidsProblemCode.bidClosed, BidsProblemCode.bidAccepted, ProblemCode.conflict],
      410: [BidsProblemCode.linkGone],
    },
  },
  tradeDecline: {
    method: 'PUT',
    path: '/api/trade/decline',
    access: 'trade',
    body: TradeDeclineBody,
    data: TradeView,
    refuses: { 409: [BidsProblemCode.bidAccepted], 410: [BidsProblemCode.linkGone] },
  },
  tradeDates: {
    method: 'PUT',
    path: '/api/trade/dates',
    access: 'trade',
    body: TradeDatesBody,
    data: TradeView,
    refuses: { 409: [BidsProblemCode.notAwarded], 410: [BidsProblemCode.linkGone] },
  },
  /** "Request payment" (§15) on a draw of the trade's award; the owner gets an email. */
  tradePaymentRequest: {
    method: 'POST',
    path: '/api/trade/payment-requests',
    access: 'trade',
    body: TradePaymentRequestBody,
    data: TradeView,
    statuses: [201],
    refuses: {
      404: [ProblemCode.notFound],
      409: [BidsProblemCode.notAwarded, MoneyProblemCode.paymentExceedsDraw],
      410: [BidsProblemCode.linkGone],
    },
  },
  /**
   * The signed unconditional waiver (§15) for a draw the owner paid: it becomes the draw's, as
   * if the owner had attached it. 409 before the award, before a payment, or once the owner
   * holds one.
   */
  tradeLienWaiver: {
    method: 'PUT',
    path: '/api/trade/lien-waiver',
    access: 'trade',
    body: TradeLienWaiverBody,
    data: TradeView,
    refuses: {
      404: [ProblemCode.notFound],
      409: [BidsProblemCode.notAwarded, ProblemCode.conflict],
      410: [BidsProblemCode.linkGone],
    },
  },
  /** Multipart: one `file` part and the `kind` field (checked after the stream is read). */
  tradeUpload: {
    method: 'POST',
    path: '/api/trade/files',
    access: 'trade',
    body: TradeFileBody,
    multipart: true,
    data: StoredFile,
    statuses: [201],
    refuses: { 409: [DocumentsProblemCode.quotaExceeded], 410: [BidsProblemCode.linkGone] },
  },
  tradeSignOut: {
    method: 'DELETE',
    path: '/api/trade/session',
    access: 'trade',
    body: NoBody,
    data: z.strictObject({}),
    refuses: { 410: [BidsProblemCode.linkGone] },
  },
} as const satisfies Record<string, RouteDef>
