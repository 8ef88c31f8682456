/**
 * The rules of money (PRODUCT.md §10), pure: the quote check, the default payment plan, draw
 * validation and the design ripple (when draws fall due, the warnings and the cash flow are in
 * money-timing.ts). The server answers with them and the app shows them before a call is made.
 */
import { entryOf, savedQuantities, type ProjectData } from './budget'
import { quantityFor, roundToDollars, type Quantities } from './estimator'
import type { StepSlug } from './construction'
import { formatCents, formatMoney } from './money-format'
import type { ChangeOrder, DrawInput } from './money'
import type { PricingUnit } from './pricing'
import { STEPS } from './steps'

// ---- Quote check ---------------------------------------------------------------------------

export type QuoteBand = 'typical' | 'high' | 'low' | 'far-above' | 'far-below'

/** Within 15 % of the expected price is typical; 15–35 % high or low; beyond, far off. */
export const TYPICAL_WITHIN = 0.15
export const FAR_BEYOND = 0.35

export const BAND_WORDS: Record<QuoteBand, string> = {
  typical: 'typical',
  high: 'high',
  low: 'low',
  'far-above': 'far above — check what it includes',
  'far-below': 'far below — check what it includes',
}

/** The band of a quote `ratio` times what was expected. Boundaries belong to the nearer band. */
export function bandOf(ratio: number): QuoteBand {
  const off = ratio - 1
  // Stryker disable next-line EqualityOperator: a ratio never lands on the edge plus 1e-9 exactly
  if (Math.abs(off) <= TYPICAL_WITHIN + 1e-9) return 'typical'
  // Stryker disable next-line EqualityOperator: as above, and off is never 0 here (typical)
  if (Math.abs(off) <= FAR_BEYOND + 1e-9) return off > 0 ? 'high' : 'low'
  // Stryker disable next-line EqualityOperator: off is never 0 here (typical)
  return off > 0 ? 'far-above' : 'far-below'
}

export const isFarOff = (band: QuoteBand) => band === 'far-above' || band === 'far-below'

const UNIT_WORDS: Partial<Record<PricingUnit, string>> = {
  dig_yd3: 'yd³ of dig',
  surface_ft2: 'ft² of surface',
  perimeter_ft: 'ft of perimeter',
  shell_yd3: 'yd³ of shell',
  deck_ft2: 'ft² of deck',
}

/** What a step's quotes are compared with: its estimate and, on a metered step, its quantity. */
export type QuoteBasis = {
  estimate: number
  /** Set on metered steps (priced per yd³, ft² or ft of the saved design). */
  metered: { unit: PricingUnit; quantity: number } | null
}

export type QuoteCheck = {
  band: QuoteBand
  /** The quote over the estimate, in whole percent (+102 is twice the estimate and a bit). */
  percent: number
  /** On metered steps: the quote ÷ the quantity, and the estimate ÷ the same quantity, in cents. */
  perUnit: { implied: number; typical: number; unit: string } | null
}

/**
 * How a quote compares with what the price list expects for this design. The implied unit price
 * is the quote ÷ the step's quantity ($15,800 on 130.3 yd³ of dig is $121.26 per yd³); it is set
 * against the estimate ÷ the same quantity, so a step's base fee weighs on both sides alike.
 */
export function quoteCheck(amount: number, basis: QuoteBasis): QuoteCheck {
  const ratio = amount / basis.estimate
  const { metered } = basis
  return {
    band: bandOf(ratio),
    percent: Math.round((ratio - 1) * 100),
    perUnit: metered && {
      implied: Math.round(amount / metered.quantity),
      typical: Math.round(basis.estimate / metered.quantity),
      unit: UNIT_WORDS[metered.unit] ?? 'unit',
    },
  }
}

/** The basis of a step's quote check; null when the step has no estimate to compare with. */
export function quoteBasis(
  step: StepSlug,
  project: ProjectData,
  estimate: number | null,
): QuoteBasis | null {
  if (estimate === null || estimate <= 0) return null
  const stage = project.stages.find((s) => s.slug === step)
  const q = savedQuantities(project.poolData)
  const unit = stage?.pricing.unit
  if (!unit || !q || !UNIT_WORDS[unit]) return { estimate, metered: null }
  const quantity = quantityFor(unit, q)
  return { estimate, metered: quantity > 0 ? { unit, quantity } : null }
}

/**
 * A quote check in words: "$121 per yd³ of dig · typical $64 · far above — check what it
 * includes". A typical quote is said typical once: "$62 per yd³ of dig · typical $64".
 */
export function quoteCheckWords(check: QuoteCheck): string {
  const band = BAND_WORDS[check.band]
  const percent =
    check.percent === 0 ? '' : ` (${check.percent > 0 ? '+' : '−'}${Math.abs(check.percent)} %)`
  if (!check.perUnit) return `${band}${percent} against the estimate`
  const { implied, typical, unit } = check.perUnit
  const reference = `${formatCents(implied)} per ${unit} · typical ${formatCents(typical)}`
  return check.band === 'typical' ? reference : `${reference} · ${band}`
}

// ---- Draws ---------------------------------------------------------------------------------

/** California's cap on a home-improvement down payment, the strictest common rule. */
export const DEPOSIT_CAP = 100_000
export const DEPOSIT_RATE = 0.1

/** The plan a new contract starts with: 10 % (at most $1,000) at signing, the balance when done. */
export function defaultDraws(amount: number): DrawInput[] {
  const deposit = Math.min(Math.round(amount * DEPOSIT_RATE), DEPOSIT_CAP)
  const balance: DrawInput = { label: 'Balance', amount: amount - deposit, due: 'done' }
  return deposit > 0 ? [{ label: 'Deposit', amount: deposit, due: 'signing' }, balance] : [balance]
}

/** What the draws miss of the committed cost: positive when they add up to less. */
export const drawsShortBy = (draws: readonly { amount: number }[], committed: number) =>
  committed - draws.reduce((sum, d) => sum + d.amount, 0)

/** Why a payment is refused: it is more than its draw still owes (PAYMENT_EXCEEDS_DRAW). */
export const paymentTooLargeMessage = (label: string, owed: number) =>
  `“${label}” still owes ${formatMoney(owed)}: a payment cannot be more than that.`

/** The message of a plan that does not add up, e.g. "The draws add up to $500 less than the $8,318 committed". */
/**
 * The payment requests a payment of `amount` on their draw pays (PRODUCT.md §15): the open ones,
 * oldest first, while the payment covers them all together; every open one once the draw owes
 * nothing more (`owedAfter` 0), as nothing is left to pay them with.
 */
export function requestsPaidBy<R extends { amount: number; status: string }>(
  requests: readonly R[],
  amount: number,
  owedAfter: number,
): R[] {
  const open = requests.filter((r) => r.status === 'open')
  if (owedAfter <= 0) return open
  let left = amount
  const paid: R[] = []
  for (const request of open) {
    if (request.amount > left) break
    left -= request.amount
    paid.push(request)
  }
  return paid
}

export function drawsSumMessage(shortBy: number, committed: number): string {
  const side = shortBy > 0 ? 'less' : 'more'
  return `The draws add up to ${formatMoney(Math.abs(shortBy))} ${side} than the ${formatMoney(committed)} committed`
}

/** The committed cost of a contract: the quote plus its approved change orders. */
export const committedOf = (
  quote: number,
  changeOrders: readonly Pick<ChangeOrder, 'amount' | 'status'>[],
) => changeOrders.reduce((sum, c) => (c.status === 'approved' ? sum + c.amount : sum), quote)

// ---- Design ripple -------------------------------------------------------------------------

export type RippleLine = {
  step: StepSlug
  title: string
  /** The change at the accepted quote's own unit rate, to whole dollars (signed). */
  amount: number
  description: string
}

const QUANTITY_DIGITS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })

/**
 * What a design change does to the contracts already signed on metered steps: each quote scaled
 * by its own rate (its amount ÷ the old quantity) over the change in quantity.
 */
export function designRipple(
  before: Quantities,
  after: Quantities,
  contracts: readonly { step: StepSlug; amount: number; unit: PricingUnit }[],
): RippleLine[] {
  return contracts.flatMap(({ step, amount, unit }) => {
    const words = UNIT_WORDS[unit]
    const was = quantityFor(unit, before)
    const now = quantityFor(unit, after)
    if (!words || was <= 0) return []
    const change = roundToDollars((amount / was) * (now - was))
    if (change === 0) return []
    const title = STEPS.find((s) => s.route === step)?.title ?? step
    const description = `Design change: ${QUANTITY_DIGITS.format(was)} → ${QUANTITY_DIGITS.format(now)} ${words}`
    return [{ step, title, amount: change, description }]
  })
}

/**
 * The design ripple of a project whose saved design is about to become `after`. A step done is
 * built as it was: a new design changes the plan, not that work or its contract.
 */
export function projectRipple(project: ProjectData, after: Quantities): RippleLine[] {
  const before = savedQuantities(project.poolData)
  if (!before) return []
  const contracts = STEPS.flatMap((step) => {
    const stage = project.stages.find((s) => s.slug === step.route)
    const entry = entryOf(step, project)
    const accepted = entry?.done ? undefined : entry?.quotes.find((q) => q.accepted)
    return stage && accepted && step.kind === 'stage'
      ? [{ step: step.route, amount: accepted.amount, unit: stage.pricing.unit }]
      : []
  })
  return designRipple(before, after, contracts)
}
