/**
 * The money figures every screen shows — the sidebar, the Overview, the Budget page and its
 * printed summary — read from the one Money answer (money-answer.ts), so no screen adds up
 * quotes of its own: a step's committed cost is its accepted quote and approved change orders.
 */
import type { Money, MoneyStep } from './money'

/**
 * How far a step's committed cost is over (+) or under (−) its estimate; null without a
 * contract or without an estimate to compare with.
 */
export const stepDifference = (step: Pick<MoneyStep, 'contract' | 'committed' | 'estimate'>) =>
  step.contract && step.estimate !== null ? step.committed - step.estimate : null

export type MoneyFigures = Money['totals'] & {
  /** How many steps have a contract (an accepted quote). */
  contracts: number
  /**
   * The committed costs against the estimates of the same steps: comparing them with the whole
   * estimate would look like savings until the last quote is in.
   */
  difference: number
}

export function moneyFigures(money: Money): MoneyFigures {
  return {
    ...money.totals,
    contracts: money.steps.filter((step) => step.contract).length,
    difference: money.steps.reduce((sum, step) => sum + (stepDifference(step) ?? 0), 0),
  }
}
