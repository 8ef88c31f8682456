/**
 * When money moves (PRODUCT.md §10), pure: the day each draw falls due, whether it is due yet,
 * the warnings of a step's money and the cash flow by month.
 */
import { differenceInCalendarDays, parseISO } from 'date-fns'
import { INSPECTIONS, type StepSlug } from './construction'
import { formatMoney } from './money-format'
import type { DrawDue, MoneyWarningCode, Payment, StepWarning } from './money'
import { isFarOff, type QuoteBand } from './money-rules'
import { WAIVER_AFTER_DAYS } from './waiver-rules'
import type { TimelineInspection, TimelineStep } from './timeline'

/** The inspection that checks a step's work (steel → pre-gunite); null when none does. */
export const inspectionAfter = (step: StepSlug) =>
  INSPECTIONS.find((i) => i.follows.includes(step))?.slug ?? null

export type StepProgress = {
  /** The day the contract was signed (its quote accepted). */
  signedOn: string
  timeline: Pick<TimelineStep, 'startedOn' | 'doneOn' | 'forecast'> | null
  inspection: Pick<TimelineInspection, 'status' | 'date'> | null
}

/**
 * The day a draw falls due: signing on the day it was signed; start and done on the step's
 * recorded or forecast dates; inspection on its inspection's date (else when the step is done).
 */
export function dueOn(due: DrawDue, progress: StepProgress): string | null {
  const { timeline, inspection } = progress
  switch (due) {
    case 'signing':
      return progress.signedOn
    case 'start':
      return timeline?.startedOn ?? timeline?.forecast.start ?? null
    case 'done':
      return timeline?.doneOn ?? timeline?.forecast.end ?? null
    case 'inspection':
      return inspection?.date ?? timeline?.doneOn ?? timeline?.forecast.end ?? null
  }
}

/** Whether a draw's moment has come, from what was recorded (not from forecasts). */
export function isDue(
  due: DrawDue,
  facts: { started: boolean; done: boolean; inspectionPassed: boolean | null },
) {
  switch (due) {
    case 'signing':
      return true
    case 'start':
      return facts.started || facts.done
    case 'done':
      return facts.done
    case 'inspection':
      return facts.inspectionPassed ?? facts.done
  }
}

export const OVER_ESTIMATE_BY = 0.1

export type WarningFacts = {
  title: string
  estimate: number | null
  committed: number
  band: QuoteBand | null
  today: string
  started: boolean
  done: boolean
  inspectionPassed: boolean | null
  draws: readonly {
    amount: number
    due: DrawDue
    lienWaiverFileId: string | null
    payments: readonly Pick<Payment, 'paidOn' | 'amount'>[]
  }[]
}

const warning = (code: MoneyWarningCode, message: string): StepWarning => ({ code, message })

/** The warnings of one step with a contract, in the order the Budget page lists them. */
export function stepWarnings(facts: WarningFacts): StepWarning[] {
  const { title, draws } = facts
  const warnings: StepWarning[] = []
  const paid = draws.reduce((sum, d) => sum + d.payments.reduce((s, p) => s + p.amount, 0), 0)
  const dueByNow = draws.filter((d) => isDue(d.due, facts)).reduce((sum, d) => sum + d.amount, 0)
  if (paid > dueByNow) {
    warnings.push(
      warning(
        'PAID_AHEAD_OF_WORK',
        `${formatMoney(paid)} is paid on ${title}, ${formatMoney(paid - dueByNow)} ahead of the work: only ${formatMoney(dueByNow)} is due so far`,
      ),
    )
  }
  const unwaived = draws.some(
    (d) =>
      d.lienWaiverFileId === null &&
      d.payments.some(
        (p) =>
          differenceInCalendarDays(parseISO(facts.today), parseISO(p.paidOn)) >= WAIVER_AFTER_DAYS,
      ),
  )
  if (unwaived) {
    warnings.push(
      warning(
        'MISSING_LIEN_WAIVER',
        `A payment on ${title} is ${WAIVER_AFTER_DAYS} or more days old without an unconditional lien waiver`,
      ),
    )
  }
  if (facts.estimate !== null && facts.committed > facts.estimate * (1 + OVER_ESTIMATE_BY)) {
    warnings.push(
      warning(
        'OVER_ESTIMATE',
        `${title} is committed at ${formatMoney(facts.committed)}, ${formatMoney(facts.committed - facts.estimate)} over its ${formatMoney(facts.estimate)} estimate`,
      ),
    )
  }
  if (facts.band && isFarOff(facts.band)) {
    warnings.push(
      warning(
        'QUOTE_FAR_OFF',
        `${title}'s accepted quote is ${facts.band === 'far-above' ? 'far above' : 'far below'} typical — check what it includes`,
      ),
    )
  }
  return warnings
}

export type CashflowMonth = { month: string; planned: number; paid: number }

/** Draws by the month they fall due (undated ones are left out) and payments by the month paid. */
export function cashflow(
  draws: readonly {
    amount: number
    dueOn: string | null
    payments: readonly Pick<Payment, 'paidOn' | 'amount'>[]
  }[],
): CashflowMonth[] {
  const months = new Map<string, CashflowMonth>()
  const monthOf = (month: string) => {
    const found = months.get(month) ?? { month, planned: 0, paid: 0 }
    months.set(month, found)
    return found
  }
  for (const draw of draws) {
    if (draw.dueOn) monthOf(draw.dueOn.slice(0, 7)).planned += draw.amount
    for (const payment of draw.payments) monthOf(payment.paidOn.slice(0, 7)).paid += payment.amount
  }
  return [...months.values()].sort((a, b) => a.month.localeCompare(b.month))
}
