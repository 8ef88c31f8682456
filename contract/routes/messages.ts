/**
 * The owner's message threads (PRODUCT.md §18) and a trade's, its own step's alone, in its
 * portal. Reading messages does not mark them read: marking a thread read does.
 */
import { z } from 'zod/mini'
import { NoBody } from '../api'
import { BidsProblemCode } from '../bids'
import { Message, MessageBody, MessagesQuery, ThreadParams, ThreadSummary } from '../messages'
import type { RouteDef } from './types'

export const messageRoutes = {
  threads: {
    method: 'GET',
    path: '/api/threads',
    access: 'builder',
    etag: true,
    data: z.array(ThreadSummary),
  },
  threadMessages: {
    method: 'GET',
    path: '/api/threads/:thread/messages',
    access: 'builder',
    etag: true,
    params: ThreadParams,
    query: MessagesQuery,
    data: z.array(Message),
  },
  postMessage: {
    method: 'POST',
    path: '/api/threads/:thread/messages',
    access: 'builder',
    params: ThreadParams,
    body: MessageBody,
    data: Message,
    statuses: [201],
  },
  readThread: {
    method: 'PUT',
    path: '/api/threads/:thread/read',
    access: 'builder',
    params: ThreadParams,
    body: NoBody,
    data: ThreadSummary,
  },
} as const satisfies Record<string, RouteDef>

export const tradeMessageRoutes = {
  tradeMessages: {
    method: 'GET',
    path: '/api/trade/messages',
    access: 'trade',
    query: MessagesQuery,
    data: z.array(Message),
    refuses: { 410: [BidsProblemCode.linkGone] },
  },
  postTradeMessage: {
    method: 'POST',
    path: '/api/trade/messages',
    access: 'trade',
    body: MessageBody,
    data: Message,
    statuses: [201],
    refuses: { 410: [BidsProblemCode.linkGone] },
  },
} as const satisfies Record<string, RouteDef>
