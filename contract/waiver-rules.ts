/**
 * Lien-safe payments (PRODUCT.md §15), pure: who has not waived a draw yet, what the refusal of
 * an unwaived payment says, and the warnings of waivers still missing after a payment.
 */
import { differenceInCalendarDays, parseISO } from 'date-fns'
import type { StepWarning } from './money'

/** A payment with no unconditional waiver this many days later is warned of. */
export const WAIVER_AFTER_DAYS = 10

/** A draw's waivers: its trade's, and those of each preliminary notice of that trade. */
export type DrawWaivers = {
  conditionalWaiverFileId: string | null
  unconditionalWaiverFileId: string | null
  noticeWaivers: readonly {
    claimant: string
    conditionalWaiverFileId: string | null
    unconditionalWaiverFileId: string | null
  }[]
}

const LIST = new Intl.ListFormat('en-US', { type: 'conjunction' })

/** "Dig Co", "Dig Co and Rebar Supply", "A, B, and C": each name once. */
export const namesOf = (names: readonly string[]) => LIST.format([...new Set(names)])

/** A draw's conditional waivers: all a payment needs first. */
export type ConditionalWaivers = {
  conditionalWaiverFileId: string | null
  noticeWaivers: readonly { claimant: string; conditionalWaiverFileId: string | null }[]
}

/** Who has not sent a conditional waiver for a draw: the trade (by `company`), then claimants. */
export function missingConditional(draw: ConditionalWaivers, company: string): string[] {
  const claimants = draw.noticeWaivers
    .filter((n) => n.conditionalWaiverFileId === null)
    .map((n) => n.claimant)
  return [...(draw.conditionalWaiverFileId === null ? [company] : []), ...claimants]
}

/** Why a payment is refused (WAIVER_REQUIRED), naming who is missing. */
export const waiverRequiredMessage = (label: string, missing: readonly string[]) =>
  `Before paying “${label}”, get a conditional waiver from ${namesOf(missing)}: without one, they may still lien your home for this money.`

export type WaiverFacts = {
  title: string
  today: string
  /** The company of the contract's trade. */
  company: string
  draws: readonly (DrawWaivers & {
    payments: readonly { paidOn: string; acknowledged: boolean }[]
  })[]
}

const isOld = (today: string, paidOn: string) =>
  differenceInCalendarDays(parseISO(today), parseISO(paidOn)) >= WAIVER_AFTER_DAYS

/**
 * CONDITIONAL_MISSING: a payment made anyway whose conditional waivers are still missing;
 * NOTICE_UNWAIVED: a notice's claimant without an unconditional waiver 10 days after a payment.
 */
export function waiverWarnings(facts: WaiverFacts): StepWarning[] {
  const { title, today, company, draws } = facts
  const warnings: StepWarning[] = []
  const paidAnyway = draws
    .filter((d) => d.payments.some((p) => p.acknowledged))
    .flatMap((d) => missingConditional(d, company))
  if (paidAnyway.length > 0)
    warnings.push({
      code: 'CONDITIONAL_MISSING',
      message: `${title} was paid without a conditional waiver from ${namesOf(paidAnyway)}: ask for it.`,
    })
  const unwaived = draws
    .filter((d) => d.payments.some((p) => isOld(today, p.paidOn)))
    .flatMap((d) => d.noticeWaivers.filter((n) => n.unconditionalWaiverFileId === null))
    .map((n) => n.claimant)
  if (unwaived.length > 0)
    warnings.push({
      code: 'NOTICE_UNWAIVED',
      message: `${namesOf(unwaived)} sent a preliminary notice and has no unconditional waiver for a payment on ${title} made ${WAIVER_AFTER_DAYS} or more days ago.`,
    })
  return warnings
}
