/** The trades directory (PRODUCT.md §13): who does the work, with licence and insurance. */
import { IdParams, NoBody } from '../api'
import { DeletedData } from '../documents'
import { ProblemCode } from '../problem'
import { Trade, TradeBody, TradesProblemCode } from '../trades'
import { z } from 'zod/mini'

import type { RouteDef } from './types'

export const tradesRoutes = {
  trades: {
    method: 'GET',
    path: '/api/trades',
    access: 'builder',
    etag: true,
    data: z.array(Trade),
  },
  createTrade: {
    method: 'POST',
    path: '/api/trades',
    access: 'builder',
    body: TradeBody,
    data: Trade,
    statuses: [201],
    refuses: { 404: [ProblemCode.notFound], 409: [TradesProblemCode.tradeExists] },
  },
  editTrade: {
    method: 'PUT',
    path: '/api/trades/:id',
    access: 'builder',
    params: IdParams,
    body: TradeBody,
    data: Trade,
    refuses: { 404: [ProblemCode.notFound], 409: [TradesProblemCode.tradeExists] },
  },
  deleteTrade: {
    method: 'DELETE',
    path: '/api/trades/:id',
    access: 'builder',
    params: IdParams,
    body: NoBody,
    data: DeletedData,
    refuses: { 409: [TradesProblemCode.tradeHasContract] },
  },
} as const satisfies Record<string, RouteDef>
