/** Money (PRODUCT.md §10): contracts, draws, payments and change orders; each call answers Money. */
import { IdParams, NoBody } from '../api'
import { LienWaiverBody, DocumentsProblemCode } from '../documents'
import {
  ChangeOrderBody,
  ChangeOrderDecisionBody,
  DrawsBody,
  Money,
  PaymentBody,
  PaymentRequestDecisionBody,
  MoneyProblemCode,
} from '../money'

import { ProblemCode } from '../problem'
import type { RouteDef } from './types'

export const moneyRoutes = {
  money: {
    method: 'GET',
    path: '/api/money',
    access: 'builder',
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
    refuses: { 409: [MoneyProblemCode.paymentExceedsDraw] },
  },
  deletePayment: {
    method: 'DELETE',
    path: '/api/payments/:id',
    access: 'builder',
    params: IdParams,
    body: NoBody,
    data: Money,
  },
  /** Links a document of kind lien-waiver to a draw (null unlinks it). */
  setLienWaiver: {
    method: 'PUT',
    path: '/api/draws/:id/lien-waiver',
    access: 'builder',
    params: IdParams,
    body: LienWaiverBody,
    data: Money,
    refuses: { 409: [DocumentsProblemCode.notALienWaiver] },
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
    refuses: { 409: [MoneyProblemCode.changeOrderDecided] },
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
