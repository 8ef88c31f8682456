import { formatMoney } from '../../lib/money'
import { budgetTotals, type StepBudget } from '../../../contract/budget'

/** The chart's one-sentence reading: what a screen reader hears instead of the bars. */
function summary(budget: readonly StepBudget[]): string {
  const totals = budgetTotals(budget)
  const quoted = budget.filter((step) => step.accepted !== null).length
  const estimates =
    totals.estimate === null
      ? 'No estimate total until your pool design is saved'
      : `Estimates total ${formatMoney(totals.estimate)}`
  return (
    `Bar chart of the estimate and the accepted quote for each of the ${budget.length} steps. ` +
    `${estimates}; ${quoted} of ${budget.length} steps have ` +
    `an accepted quote, together ${formatMoney(totals.accepted)}. The table below lists every number.`
  )
}

/** The axis' end: the largest amount rounded up to 1, 2, 2.5 or 5 times a power of ten dollars. */
export function axisMax(largestCents: number): number {
  const dollars = Math.max(1, largestCents / 100) / 4
  const power = 10 ** Math.floor(Math.log10(dollars))
  const step = [1, 2, 2.5, 5, 10].find((m) => m * power >= dollars) ?? 10
  return step * power * 4 * 100
}

const TICKS = [0, 0.25, 0.5, 0.75, 1]

/** Axis amounts stay short: "$2.5K", "$10K". */
const compactDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
})

/** One bar and its amount; no bar when the amount is not known. */
function Bar({ cents, max, kind }: { cents: number | null; max: number; kind: string }) {
  if (cents === null) return <span className="budget-bar-none">—</span>
  return (
    <span className="budget-bar-line">
      <span
        className={`budget-bar budget-bar-${kind}`}
        style={{ width: `${(cents / max) * 100}%` }}
      />
      <span className="budget-bar-value">{formatMoney(cents)}</span>
    </span>
  )
}

/**
 * Two bars per step on one scale, each with its amount, over an axis in dollars: an over-budget
 * quote stands out at a glance.
 */
export function BudgetChart({ budget }: { budget: readonly StepBudget[] }) {
  const max = axisMax(
    Math.max(...budget.flatMap((step) => [step.estimate ?? 0, step.accepted ?? 0])),
  )
  return (
    <div className="budget-chart" role="img" aria-label={summary(budget)}>
      <p className="budget-legend">
        <span className="budget-key budget-key-estimate" /> Estimate
        <span className="budget-key budget-key-accepted" /> Accepted quote
      </p>
      {budget.map((step) => (
        <div className="budget-chart-row" key={step.route}>
          <span className="budget-chart-label">{step.title}</span>
          <span className="budget-chart-bars">
            <Bar cents={step.estimate} max={max} kind="estimate" />
            {step.accepted !== null && <Bar cents={step.accepted} max={max} kind="accepted" />}
          </span>
        </div>
      ))}
      <div className="budget-chart-row budget-axis" aria-hidden="true">
        <span />
        <span className="budget-axis-ticks">
          {TICKS.map((tick) => (
            <span
              key={tick}
              className={tick === 0.25 || tick === 0.75 ? 'budget-tick-minor' : undefined}
              style={{ left: `${tick * 100}%` }}
            >
              {compactDollars.format((tick * max) / 100)}
            </span>
          ))}
        </span>
      </div>
    </div>
  )
}
