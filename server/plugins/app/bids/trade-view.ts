// What a trade sees of the project (PRODUCT.md §14): its bid package — the step, the job's
// address, the quantities that price the step, the scope, the planned dates, the owner's
// message and files — its bid, and once accepted its award. Nothing of other trades, the
// estimate, the budget or other steps.
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { TradeView } from '../../../../contract/bids'
import { savedQuantities } from '../../../../contract/budget'
import type { StepSlug } from '../../../../contract/construction'
import { quantityFor, type Quantities } from '../../../../contract/estimator'
import type { PricingUnit } from '../../../../contract/pricing'
import { stepTitle } from '../../../../contract/scheduling'
import { dateProposals, files, quotes, scopeItems } from '../../../db/schema'
import { ownerOf, projectOf } from '../money/money-reads'
import { tradePaymentsOf } from './payment-requests'
import type { TradeRequest } from './trade-requests'
import { zoneOf } from '../accounts/client-zone'

/** What the bid package calls each metered unit, as the design's quantities name them. */
const QUANTITY_LABELS: Partial<Record<PricingUnit, { label: string; unit: string }>> = {
  dig_yd3: { label: 'Dig', unit: 'yd³' },
  surface_ft2: { label: 'Shell surface', unit: 'ft²' },
  perimeter_ft: { label: 'Perimeter', unit: 'ft' },
  shell_yd3: { label: 'Shell', unit: 'yd³' },
  deck_ft2: { label: 'Deck', unit: 'ft²' },
}

/** The quantity that prices a step metered by `unit`, to a tenth; none for flat or items. */
export function stepQuantities(unit: PricingUnit | undefined, q: Quantities | null) {
  const named = unit && QUANTITY_LABELS[unit]
  if (!named || !q) return []
  return [{ ...named, value: Math.round(quantityFor(unit, q) * 10) / 10 }]
}

async function quantitiesOf(app: FastifyInstance, clientId: string, step: StepSlug) {
  const { stages } = await app.stages.list()
  const project = await projectOf(app.db, clientId, stages)
  const unit = stages.find((stage) => stage.slug === step)?.pricing.unit
  return stepQuantities(unit, savedQuantities(project.poolData))
}

async function projectFacts(app: FastifyInstance, clientId: string) {
  const owner = await ownerOf(app.db, clientId)
  if (!owner) throw new Error('a bid request outlived its client')
  const { cityZone, ...place } = owner
  return { ...place, timeZone: zoneOf(cityZone, owner.state) }
}

async function ownerFiles(app: FastifyInstance, request: TradeRequest) {
  if (request.fileIds.length === 0) return []
  const rows = await app.db
    .select()
    .from(files)
    .where(and(eq(files.clientId, request.clientId), inArray(files.id, request.fileIds)))
    .orderBy(asc(files.createdAt), asc(files.id))
  return rows.map(app.files.toStoredFile)
}

async function bidOf(app: FastifyInstance, request: TradeRequest): Promise<TradeView['bid']> {
  if (!request.quoteId) return null
  const [quote] = await app.db.select().from(quotes).where(eq(quotes.id, request.quoteId))
  if (!quote) return null
  return {
    amount: quote.amount,
    items: quote.items ?? [],
    note: quote.note,
    validUntil: quote.validUntil,
    fileId: quote.fileId,
    submittedAt: (request.respondedAt ?? quote.createdAt).toISOString(),
  }
}

type StepDates = { start: string | null; end: string | null }

async function awardOf(
  app: FastifyInstance,
  request: TradeRequest,
  dates: StepDates,
): Promise<TradeView['award']> {
  if (!request.accepted) return null
  const [money, [proposal]] = await Promise.all([
    app.money.get(request.clientId),
    app.db
      .select({ start: dateProposals.start })
      .from(dateProposals)
      .where(and(eq(dateProposals.bidRequestId, request.id), eq(dateProposals.status, 'open'))),
  ])
  const step = money.steps.find((s) => s.step === request.step)
  if (!step?.contract) return null
  return {
    amount: step.contract.amount,
    changeOrders: step.changeOrders
      .filter((order) => order.status === 'approved')
      .reduce((sum, order) => sum + order.amount, 0),
    draws: step.draws.map(({ id, label, amount, paid, unconditionalWaiverFileId }) => ({
      id,
      label,
      amount,
      paid,
      unconditionalWaiver: unconditionalWaiverFileId !== null,
    })),
    dates: {
      ...dates,
      confirmed: request.datesConfirmedAt !== null,
      proposed: proposal?.start ?? null,
    },
  }
}

/** The trade's view of its request, as it stands now. */
export async function tradeViewOf(app: FastifyInstance, request: TradeRequest): Promise<TradeView> {
  const { step } = request
  const [project, quantities, scope, timeline, attached, bid, payments] = await Promise.all([
    projectFacts(app, request.clientId),
    quantitiesOf(app, request.clientId, step),
    app.db
      .select({ id: scopeItems.id, text: scopeItems.text })
      .from(scopeItems)
      .where(eq(scopeItems.step, step))
      .orderBy(asc(scopeItems.position)),
    app.timelines.get(request.clientId, request.today),
    ownerFiles(app, request),
    bidOf(app, request),
    tradePaymentsOf(app, request),
  ])
  const dates = timeline.steps.find((s) => s.step === step)
  const planned = dates?.planned
  const dated = planned?.start && planned.end ? { start: planned.start, end: planned.end } : null
  return {
    request: {
      step,
      title: stepTitle(step),
      dueOn: request.dueOn,
      status: request.status,
      message: request.message,
    },
    project,
    quantities,
    scope,
    planned: dated,
    files: attached,
    bid,
    // Once awarded, the dates the step is now expected on (an accepted proposal moves them).
    award: await awardOf(app, request, dates?.forecast ?? { start: null, end: null }),
    payments,
  }
}
