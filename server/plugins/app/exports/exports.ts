import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { StepSlug } from '../../../../contract/construction'
import type { Money } from '../../../../contract/money'
import type { WaiverForm } from '../../../../contract/waiver-forms'
import { contracts, quotes, trades } from '../../../db/schema'
import { quickbooksCsv, xeroCsv, type Claimants } from '../../../lib/exports/bills'
import { scheduleCsv, scheduleOf, schedulePdf } from '../../../lib/exports/schedule-of-values'
import { waiverPdf } from '../../../lib/exports/waiver-pdf'
import { notFound } from '../../../lib/problem'
import { clientToday, todayOf } from '../../../lib/today'
import type { TradeRequest } from '../bids/trade-requests'
import { ownerOf } from '../money/money-reads'
import { zoneOf } from '../accounts/client-zone'
import { waiverFill, type Job } from './waiver-fill'

/** The draw a form is asked for, and the preliminary notice whose claimant waives, if any. */
export type WaiverAsk = { form: WaiverForm; drawId: string; noticeId?: string | undefined }

/**
 * Lien-safe payments' files (PRODUCT.md §15): the statutory waivers filled for a draw, and the
 * exports for the accountant and the lender, all from the Money the Budget shows (money.get).
 */
export type Exports = {
  /** A draw of another client, or an unknown one, is 404. */
  waiver(clientId: string, ask: WaiverAsk): Promise<Uint8Array>
  /** Only the draws of the trade's award (404 otherwise). */
  tradeWaiver(request: TradeRequest, ask: WaiverAsk): Promise<Uint8Array>
  quickbooks(clientId: string): Promise<string>
  xero(clientId: string): Promise<string>
  scheduleCsv(clientId: string, through: string): Promise<string>
  schedulePdf(clientId: string, through: string): Promise<Uint8Array>
}

declare module 'fastify' {
  interface FastifyInstance {
    exports: Exports
  }
}

const noDraw = () => notFound('No such draw.')

export default fp(
  async (app: FastifyInstance) => {
    const jobOf = async (clientId: string): Promise<Job> => {
      const owner = await ownerOf(app.db, clientId)
      if (!owner) throw notFound('No such project.')
      const location = `${owner.address}, ${owner.city}, ${owner.state}`
      const today = todayOf(app, zoneOf(owner.cityZone, owner.state))
      return { owner: owner.ownerName, location, today }
    }

    /** Each contract's claimant: its trade's company, where the accepted quote names a trade. */
    const claimantsOf = async (clientId: string): Promise<Claimants> => {
      const rows = await app.db
        .select({ step: contracts.step, company: trades.company })
        .from(contracts)
        .innerJoin(quotes, eq(quotes.id, contracts.quoteId))
        .innerJoin(trades, eq(trades.id, quotes.tradeId))
        .where(eq(contracts.clientId, clientId))
      return Object.fromEntries(rows.map((row) => [row.step as StepSlug, row.company]))
    }

    const read = (clientId: string) => Promise.all([app.money.get(clientId), claimantsOf(clientId)])

    /** A preliminary notice of the draw's trade, whose claimant waives toward that trade. */
    const noticeOf = (draw: Money['steps'][number]['draws'][number], noticeId?: string) => {
      if (noticeId === undefined) return null
      const notice = draw.noticeWaivers.find((n) => n.noticeId === noticeId)
      if (!notice) throw notFound('No such preliminary notice for this draw’s trade.')
      return notice
    }

    const fillFor = async (
      clientId: string,
      ask: WaiverAsk,
      keep: (step: Money['steps'][number]) => boolean,
    ) => {
      const [[money, claimants], job] = await Promise.all([read(clientId), jobOf(clientId)])
      for (const step of money.steps) {
        const draw = step.draws.find((d) => d.id === ask.drawId)
        if (!draw || !step.contract || !keep(step)) continue
        const claimant = claimants[step.step] ?? step.contract.vendor
        return waiverPdf(ask.form, waiverFill(job, draw, claimant, noticeOf(draw, ask.noticeId)))
      }
      throw noDraw()
    }

    app.decorate('exports', {
      waiver: (clientId, ask) => fillFor(clientId, ask, () => true),
      tradeWaiver: (request, ask) => {
        if (!request.accepted) throw noDraw()
        return fillFor(
          request.clientId,
          ask,
          (step) => step.step === request.step && step.contract?.quoteId === request.quoteId,
        )
      },
      quickbooks: async (clientId) => {
        const [money, claimants] = await read(clientId)
        return quickbooksCsv(money, claimants, await clientToday(app, clientId))
      },
      xero: async (clientId) => {
        const [money, claimants] = await read(clientId)
        return xeroCsv(money, claimants, await clientToday(app, clientId))
      },
      scheduleCsv: async (clientId, through) =>
        scheduleCsv(scheduleOf(await app.money.get(clientId), through)),
      schedulePdf: async (clientId, through) => {
        const [money, job] = await Promise.all([app.money.get(clientId), jobOf(clientId)])
        return schedulePdf(scheduleOf(money, through), { owner: job.owner, address: job.location })
      },
    } satisfies Exports)
  },
  { name: 'exports', dependencies: ['db', 'money'] },
)
