import { formatMoney } from '../../lib/money'
import { budgetTotals, type StepBudget } from './budget'

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

/** Two bars per step on one scale, so an over-budget quote stands out at a glance. */
export function BudgetChart({ budget }: { budget: readonly StepBudget[] }) {
  const largest = Math.max(1, ...budget.flatMap((step) => [step.estimate ?? 0, step.accepted ?? 0]))
  const share = (cents: number | null) => ((cents ?? 0) / largest) * 100
  return (
    <div className="budget-chart" role="img" aria-label={summary(budget)}>
      <p className="budget-legend">
        <span className="budget-key budget-key-estimate" /> Estimate
        <span className="budget-key budget-key-accepted" /> Accepted quote
      </p>
      {budget.map((step) => (
        <div className="budget-chart-row" key={step.route}>
          <span className="budget-chart-label">{step.title}</span>
          <svg className="budget-chart-bars" viewBox="0 0 100 10" preserveAspectRatio="none">
            <rect
              className="budget-bar-estimate"
              x="0"
              y="0.5"
              height="4"
              width={share(step.estimate)}
            />
            <rect
              className="budget-bar-accepted"
              x="0"
              y="5.5"
              height="4"
              width={share(step.accepted)}
            />
          </svg>
        </div>
      ))}
    </div>
  )
}
