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
  TradeLinkData,
  TradeLoginBody,
  TradeLoginData,
  TradeVerifyBody,
  TradeView,
} from '../bids'
import { StoredFile } from '../documents'

import type { RouteDef } from './types'

export const tradeRoutes = {
  tradeLink: {
    method: 'POST',
    path: '/api/trade/link',
    access: 'public',
    body: TradeLoginBody,
    data: TradeLinkData,
  },
  tradeLogin: {
    method: 'POST',
    path: '/api/trade/login',
    access: 'public',
    body: TradeLoginBody,
    data: TradeLoginData,
  },
  tradeVerify: {
    method: 'POST',
    path: '/api/trade/verify',
    access: 'public',
    body: TradeVerifyBody,
    data: TradeView,
  },
  tradeView: { method: 'GET', path: '/api/trade', access: 'trade', data: TradeView },
  tradeBid: {
    method: 'PUT',
    path: '/api/trade/bid',
    access: 'trade',
    body: TradeBidBody,
    data: TradeView,
  },
  tradeDecline: {
    method: 'PUT',
    path: '/api/trade/decline',
    access: 'trade',
    body: TradeDeclineBody,
    data: TradeView,
  },
  tradeDates: {
    method: 'PUT',
    path: '/api/trade/dates',
    access: 'trade',
    body: TradeDatesBody,
    data: TradeView,
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
  },
  tradeSignOut: {
    method: 'DELETE',
    path: '/api/trade/session',
    access: 'trade',
    body: NoBody,
    data: z.strictObject({}),
  },
} as const satisfies Record<string, RouteDef>
