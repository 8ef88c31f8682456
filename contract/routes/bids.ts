/** The owner's bid requests (PRODUCT.md §14, §18a): which trades are asked to bid on a step. */
import { z } from 'zod/mini'
import { IdParams, NoBody } from '../api'
import { BidRequest, BidRequestBody, BidRequestsQuery, BidsProblemCode } from '../bids'

import { ProblemCode } from '../problem'
import type { RouteDef } from './types'

export const bidsRoutes = {
  bidRequests: {
    method: 'GET',
    path: '/api/bid-requests',
    access: 'builder',
    etag: true,
    query: BidRequestsQuery,
    data: z.array(BidRequest),
  },
  requestBids: {
    method: 'POST',
    path: '/api/bid-requests',
    access: 'builder',
    body: BidRequestBody,
    data: z.array(BidRequest),
    statuses: [201],
    refuses: { 409: [BidsProblemCode.bidRequested] },
  },
  resendBidRequest: {
    method: 'POST',
    path: '/api/bid-requests/:id/resend',
    access: 'builder',
    params: IdParams,
    body: NoBody,
    data: BidRequest,
    refuses: { 409: [ProblemCode.conflict] },
  },
  withdrawBidRequest: {
    method: 'DELETE',
    path: '/api/bid-requests/:id',
    access: 'builder',
    params: IdParams,
    body: NoBody,
    data: BidRequest,
    refuses: { 409: [ProblemCode.conflict] },
  },
} as const satisfies Record<string, RouteDef>
