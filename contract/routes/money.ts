/** Money (PRODUCT.md §10): contracts, draws, payments and change orders; each call answers Money. */
import { IdParams, NoBody } from '../api'
import { LienWaiverBody } from '../documents'
import { ChangeOrderBody, ChangeOrderDecisionBody, DrawsBody, Money, PaymentBody } from '../money'

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
  },
  recordPayment: {
    method: 'POST',
    path: '/api/draws/:id/payments',
    access: 'builder',
    params: IdParams,
    body: PaymentBody,
    data: Money,
    statuses: [201],
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
  },
  addChangeOrder: {
    method: 'POST',
    path: '/api/change-orders',
    access: 'builder',
    body: ChangeOrderBody,
    data: Money,
    statuses: [201],
  },
  decideChangeOrder: {
    method: 'PUT',
    path: '/api/change-orders/:id',
    access: 'builder',
    params: IdParams,
    body: ChangeOrderDecisionBody,
    data: Money,
  },
} as const satisfies Record<string, RouteDef>
