/** Money (PRODUCT.md §10): contracts, draws, payments and change orders; each call answers Money. */
import { z } from 'zod/mini'
import { IdParams, NoBody } from '../api'
import { DeletedData, LienWaiverBody, DocumentsProblemCode, NoticeWaiverBody } from '../documents'
import {
  ChangeOrderBody,
  ChangeOrderDecisionBody,
  DrawsBody,
  Money,
  PaymentBody,
  PaymentRequestDecisionBody,
  MoneyProblemCode,
} from '../money'
import { Notice, NoticeBody } from '../notices'

import { ProblemCode } from '../problem'
import type { RouteDef } from './types'

const NoticeWaiverParams = z.strictObject({
  id: z.uuid('Unknown draw'),
  noticeId: z.uuid('Unknown notice'),
})

export const moneyRoutes = {
  money: {
    method: 'GET',
    path: '/api/money',
    access: 'builder',
    etag: true,
    data: Money,
  },
  setDraws: {
    method: 'PUT',
    path: '/api/draws',
    access: 'builder',
    body: DrawsBody,
    data: Money,
    refuses: {
      400: [MoneyProblemCode.drawsMustSum],
      404: [ProblemCode.notFound],
      409: [MoneyProblemCode.drawBelowPaid, MoneyProblemCode.noContract],
    },
  },
  recordPayment: {
    method: 'POST',
    path: '/api/draws/:id/payments',
    access: 'builder',
    params: IdParams,
    body: PaymentBody,
    data: Money,
    statuses: [201],
    refuses: { 409: [MoneyProblemCode.paymentExceedsDraw, MoneyProblemCode.waiverRequired] },
  },
  deletePayment: {
    method: 'DELETE',
    path: '/api/payments/:id',
    access: 'builder',
    params: IdParams,
    body: NoBody,
    data: Money,
  },
  /** Links a document of kind lien-waiver to a draw as its trade's waiver (null unlinks it). */
  setLienWaiver: {
    method: 'PUT',
    path: '/api/draws/:id/lien-waiver',
    access: 'builder',
    params: IdParams,
    body: LienWaiverBody,
    data: Money,
    refuses: { 409: [DocumentsProblemCode.notALienWaiver] },
  },
  /** Links a notice claimant's waiver for a draw of its trade (null unlinks it). */
  setNoticeWaiver: {
    method: 'PUT',
    path: '/api/draws/:id/notice-waivers/:noticeId',
    access: 'builder',
    params: NoticeWaiverParams,
    body: NoticeWaiverBody,
    data: Money,
    refuses: { 409: [DocumentsProblemCode.notALienWaiver] },
  },
  notices: {
    method: 'GET',
    path: '/api/notices',
    access: 'builder',
    etag: true,
    data: z.array(Notice),
  },
  createNotice: {
    method: 'POST',
    path: '/api/notices',
    access: 'builder',
    body: NoticeBody,
    data: Notice,
    statuses: [201],
  },
  editNotice: {
    method: 'PUT',
    path: '/api/notices/:id',
    access: 'builder',
    params: IdParams,
    body: NoticeBody,
    data: Notice,
  },
  deleteNotice: {
    method: 'DELETE',
    path: '/api/notices/:id',
    access: 'builder',
    params: IdParams,
    body: NoBody,
    data: DeletedData,
  },
  addChangeOrder: {
    method: 'POST',
    path: '/api/change-orders',
    access: 'builder',
    body: ChangeOrderBody,
    data: Money,
    statuses: [201],
    refuses: { 409: [MoneyProblemCode.noContract] },
  },
  decideChangeOrder: {
    method: 'PUT',
    path: '/api/change-orders/:id',
    access: 'builder',
    params: IdParams,
    body: ChangeOrderDecisionBody,
    data: Money,
    // Approving a negative order that would take the Balance below what was paid on it.
    refuses: { 409: [MoneyProblemCode.changeOrderDecided, MoneyProblemCode.drawBelowPaid] },
  },
  /** Declines a trade's open payment request (paying one is recording a payment on its draw). */
  declinePaymentRequest: {
    method: 'PUT',
    path: '/api/payment-requests/:id',
    access: 'builder',
    params: IdParams,
    body: PaymentRequestDecisionBody,
    data: Money,
    refuses: { 409: [MoneyProblemCode.paymentRequestClosed] },
  },
} as const satisfies Record<string, RouteDef>
