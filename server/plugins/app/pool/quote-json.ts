import { sql, type SQL } from 'drizzle-orm'
import { wireTime } from '../../../db/wire-time'

/**
 * A row `q` of the quotes table as the wire's Quote, written by PostgreSQL: the entry answers
 * and the sign-in's pool data build it alike (toPoolEntry writes the same from rows). `levelled`
 * needs the step's estimate and scope, which SQL does not have: the repository fills it in.
 */
export const quoteJson: SQL = sql`json_build_object('id', q.id, 'vendor', q.vendor,
  'amount', q.amount, 'note', q.note, 'createdAt', ${wireTime(sql`q.created_at`)},
  'accepted', q.accepted, 'tradeId', q.trade_id, 'bidRequestId', q.bid_request_id,
  'items', q.items, 'validUntil', q.valid_until, 'fileId', q.file_id, 'levelled', null,
  'enteredBy', q.entered_by)`
