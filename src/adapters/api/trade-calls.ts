import type {
  TradeAnswer,
  TradePortalPorts,
} from '../../../machines/trade-portal/trade-portal.types'
import type { TradeFileKind } from '../../../contract/bids'
import { tradeMessageRoutes } from '../../../contract/routes/messages'
import { tradeRoutes } from '../../../contract/routes/trade'
import { ApiError, fromResponse, NETWORK_DETAIL } from './api-error'
import { createCaller, type Lookup, type Table } from './caller'
import { createHttp, readData } from './http'
import { refusalOf } from './upload-file'

/**
 * The trade portal's port (PRODUCT.md §14): its own HTTP client that never sends the app's
 * access token — a trade call refuses one — and whose only credential is the trade session's
 * cookie. Loaded with the portal's page, never with the landing pages.
 */
type TradeCallName = keyof typeof tradeRoutes | keyof typeof tradeMessageRoutes
const tradeTable: Table<TradeCallName> = { ...tradeRoutes, ...tradeMessageRoutes }
const tradeCalls: Lookup<TradeCallName> = (name) => tradeTable[name]

export function createTradePorts(baseUrl = '/api'): TradePortalPorts {
  const http = createHttp({ getToken: () => null, baseUrl })
  const { call } = createCaller(http, tradeCalls)
  const upload = async (file: File, kind: TradeFileKind = 'other') => {
    const refusal = refusalOf(file)
    if (refusal) throw refusal
    const form = new FormData()
    form.append('kind', kind)
    form.append('file', file, file.name)
    const { path, data } = tradeRoutes.tradeUpload
    let response: Response
    try {
      response = await fetch(baseUrl + path.replace(/^\/api/, ''), {
        method: 'POST',
        body: form,
        credentials: 'same-origin',
        headers: { accept: 'application/json' },
      })
    } catch {
      throw new ApiError({ status: 0, code: 'NETWORK', detail: NETWORK_DETAIL })
    }
    if (!response.ok) throw await fromResponse(response, undefined)
    return readData(response, data)
  }
  /** The invoice and the conditional waiver go up first, as the trade's files of their kinds. */
  const requestPayment = async (request: Extract<TradeAnswer, { kind: 'payment' }>) => {
    const invoice = await upload(request.invoice, 'invoice')
    const waiver = await upload(request.conditionalWaiver, 'lien-waiver')
    const { drawId, amount } = request
    const body = { drawId, amount, invoiceFileId: invoice.id, conditionalWaiverFileId: waiver.id }
    return call('tradePaymentRequest', { body })
  }
  /** The signed unconditional waiver goes up as the trade's lien waiver, then to its draw. */
  const sendWaiver = async ({ drawId, waiver }: Extract<TradeAnswer, { kind: 'waiver' }>) => {
    const file = await upload(waiver, 'lien-waiver')
    return call('tradeLienWaiver', { body: { drawId, fileId: file.id } })
  }
  const answer = (request: TradeAnswer) => {
    if (request.kind === 'bid') return call('tradeBid', { body: request.body })
    if (request.kind === 'decline')
      return call('tradeDecline', { body: { reason: request.reason } })
    if (request.kind === 'payment') return requestPayment(request)
    if (request.kind === 'waiver') return sendWaiver(request)
    return call('tradeDates', { body: request.body })
  }
  return {
    link: (token) => call('tradeLink', { body: { token } }),
    login: (token) => call('tradeLogin', { body: { token } }),
    verify: (token, code) => call('tradeVerify', { body: { token, code } }),
    view: () => call('tradeView'),
    answer,
    upload: (file) => upload(file),
    signOut: () => call('tradeSignOut'),
    messages: (query) => call('tradeMessages', { query }),
    postMessage: (body) => call('postTradeMessage', { body }),
  }
}
