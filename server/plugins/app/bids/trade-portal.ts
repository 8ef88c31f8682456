import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type {
  TradeBidBody,
  TradeDatesBody,
  TradeLinkData,
  TradeLienWaiverBody,
  TradePaymentRequestBody,
  TradeView,
} from '../../../../contract/bids'
import { stepTitle } from '../../../../contract/scheduling'
import { bidRequests, clients, users } from '../../../db/schema'
import { newBidEmail } from '../../../lib/new-bid-email'
import { paymentRequestEmail } from '../../../lib/payment-request-email'
import { publicUrl } from '../../../lib/public-url'
import { requestPayment, sendLienWaiver } from './payment-requests'
import { answerDates, declineBid, recordTradeFile, submitBid } from './trade-answers'
import {
  linkGone,
  liveRequest,
  maskedEmail,
  requestOfToken,
  type TradeRequest,
} from './trade-requests'
import {
  checkTradeCode,
  issueTradeCode,
  openTradeSession,
  requestOfSession,
  revokeTradeSession,
} from './trade-sessions'
import { tradeViewOf } from './trade-view'

/**
 * The trade portal (PRODUCT.md §14): a link's sign-in, the session it opens, and what the trade
 * reads and answers, always of the one request its link or session stands for.
 */
export type TradePortal = {
  /** What the link's page shows before sign-in. */
  link(token: string): Promise<TradeLinkData>
  /** A new code for the link's request: where it goes (masked) and the code to email. */
  login(token: string): Promise<{ to: string; sentTo: string; code: string }>
  /** Checks the code and opens a session: its cookie value and the trade's view. */
  verify(token: string, code: string): Promise<{ cookie: string; view: TradeView }>
  /** The request of a trade session's cookie; 401 without a live one, 410 once its link is gone. */
  requestOf(cookie: string | undefined): Promise<TradeRequest>
  view(request: TradeRequest): Promise<TradeView>
  /** Creates or replaces the bid, and emails the owner. */
  bid(request: TradeRequest, body: TradeBidBody): Promise<TradeView>
  decline(request: TradeRequest, reason: string): Promise<TradeView>
  dates(request: TradeRequest, body: TradeDatesBody): Promise<TradeView>
  /** Asks to be paid on a draw of the award (§15), and emails the owner. */
  requestPayment(request: TradeRequest, body: TradePaymentRequestBody): Promise<TradeView>
  /** Sends its signed unconditional waiver for a paid draw (§15): the draw's from then on. */
  sendLienWaiver(request: TradeRequest, body: TradeLienWaiverBody): Promise<TradeView>
  /** Records a file the trade uploaded (stored as the owner's) as the trade's own. */
  recordFile(request: TradeRequest, fileId: string): Promise<void>
  signOut(cookie: string | undefined): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    tradePortal: TradePortal
  }
}

export default fp(
  async function tradePortal(app: FastifyInstance) {
    /** The view once an answer is written: the request is read again, as it now stands. */
    const viewAfter = async (request: TradeRequest) =>
      tradeViewOf(app, await liveRequest(app, eq(bidRequests.id, request.id)))

    const ownerOf = async (request: TradeRequest) => {
      const [owner] = await app.db
        .select({ email: users.email, name: users.name })
        .from(users)
        .where(eq(users.id, request.clientId))
      return owner
    }

    const emailOwner = async (request: TradeRequest, amount: number) => {
      const owner = await ownerOf(request)
      if (!owner) return
      const { step } = request
      app.mailer.send(
        newBidEmail(owner, {
          company: request.company,
          stepTitle: stepTitle(step),
          amount,
          stepUrl: `${publicUrl(app.settings)}/builder/${step}`,
        }),
      )
    }

    app.decorate('tradePortal', {
      link: async (token) => {
        const request = await requestOfToken(app, token)
        const [owner] = await app.db
          .select({ ownerName: users.name, city: clients.city })
          .from(clients)
          .innerJoin(users, eq(users.id, clients.userId))
          .where(eq(clients.userId, request.clientId))
        if (!owner) throw linkGone()
        return { step: request.step, title: stepTitle(request.step), ...owner }
      },
      login: async (token) => {
        const request = await requestOfToken(app, token)
        const code = await issueTradeCode(app, request.id)
        return { to: request.tradeEmail, sentTo: maskedEmail(request.tradeEmail), code }
      },
      verify: async (token, code) => {
        const request = await requestOfToken(app, token)
        const codeId = await checkTradeCode(app, request.id, code)
        const cookie = await openTradeSession(app, request, codeId)
        return { cookie, view: await viewAfter(request) }
      },
      requestOf: (cookie) => requestOfSession(app, cookie),
      view: (request) => tradeViewOf(app, request),
      bid: async (request, body) => {
        await submitBid(app, request, body)
        await emailOwner(request, body.amount)
        return viewAfter(request)
      },
      decline: async (request, reason) => {
        await declineBid(app, request, reason)
        return viewAfter(request)
      },
      dates: async (request, body) => {
        await answerDates(app, request, body)
        return viewAfter(request)
      },
      requestPayment: async (request, body) => {
        const { drawLabel } = await requestPayment(app, request, body)
        const owner = await ownerOf(request)
        if (owner)
          app.mailer.send(
            paymentRequestEmail(owner, {
              company: request.company,
              stepTitle: stepTitle(request.step),
              drawLabel,
              amount: body.amount,
              budgetUrl: `${publicUrl(app.settings)}/builder/budget`,
            }),
          )
        return viewAfter(request)
      },
      sendLienWaiver: async (request, body) => {
        await sendLienWaiver(app, request, body)
        return viewAfter(request)
      },
      recordFile: (request, fileId) => recordTradeFile(app, request.id, fileId),
      signOut: async (cookie) => {
        if (cookie) await revokeTradeSession(app, cookie)
      },
    } satisfies TradePortal)
  },
  {
    name: 'trade-portal',
    dependencies: ['db', 'core', 'mailer', 'stages', 'timelines', 'money', 'files', 'pool-entries'],
  },
)
