/**
 * Lien-safe payments' files (PRODUCT.md §15): the statutory waiver forms filled for a draw, for
 * the owner and for the trade of the draw's award, and the exports for the accountant and the
 * lender. Each answers a file (PDF or CSV), not JSON.
 */
import { BidsProblemCode } from '../bids'
import { FileDownload, ScheduleQuery, WaiverParams, WaiverQuery } from '../waivers'
import type { RouteDef } from './types'

const PDF = ['application/pdf'] as const
const CSV = ['text/csv'] as const

export const exportsRoutes = {
  /** A draw of another client, an unknown draw or a notice not of the draw’s trade answers 404. */
  waiverPdf: {
    method: 'GET',
    path: '/api/waivers/:form.pdf',
    access: 'builder',
    params: WaiverParams,
    query: WaiverQuery,
    sends: PDF,
    data: FileDownload,
  },
  quickbooksBills: {
    method: 'GET',
    path: '/api/exports/quickbooks-bills.csv',
    access: 'builder',
    sends: CSV,
    data: FileDownload,
  },
  xeroBills: {
    method: 'GET',
    path: '/api/exports/xero-bills.csv',
    access: 'builder',
    sends: CSV,
    data: FileDownload,
  },
  scheduleOfValuesCsv: {
    method: 'GET',
    path: '/api/exports/schedule-of-values.csv',
    access: 'builder',
    query: ScheduleQuery,
    sends: CSV,
    data: FileDownload,
  },
  scheduleOfValuesPdf: {
    method: 'GET',
    path: '/api/exports/schedule-of-values.pdf',
    access: 'builder',
    query: ScheduleQuery,
    sends: PDF,
    data: FileDownload,
  },
  /** The pool passport as one PDF: the owner's name and address on its first page (§17). */
  passportPdf: {
    method: 'GET',
    path: '/api/passport.pdf',
    access: 'builder',
    sends: PDF,
    data: FileDownload,
  },
  /** The PDF, four CSVs and the project's files in folders by kind, streamed. */
  passportZip: {
    method: 'GET',
    path: '/api/passport.zip',
    access: 'builder',
    sends: ['application/zip'],
    data: FileDownload,
  },
} as const satisfies Record<string, RouteDef>

/** The trade's own copies: only the draws of its award (404 otherwise). */
export const tradeExportsRoutes = {
  tradeWaiverPdf: {
    method: 'GET',
    path: '/api/trade/waivers/:form.pdf',
    access: 'trade',
    params: WaiverParams,
    query: WaiverQuery,
    sends: PDF,
    data: FileDownload,
    refuses: { 410: [BidsProblemCode.linkGone] },
  },
} as const satisfies Record<string, RouteDef>
