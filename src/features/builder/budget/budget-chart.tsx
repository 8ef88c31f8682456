import type { ReactNode } from 'react'
import { formatMoney } from '../../../lib/money'
import { budgetTotals, type StepBudget } from '../../../../contract/budget'
import type { Money } from '../../../../contract/money'
import { moneyFigures } from '../../../../contract/money-figures'
import { MissingEstimate } from './missing-estimate'

/** One step's bars: the estimate, the committed cost and what is paid, as the Money answer has them. */
type ChartLine = {
  step: StepBudget
  estimate: number | null
  committed: number | null
  paid: number | null
}

function chartLines(budget: readonly StepBudget[], money: Money | null): ChartLine[] {
  return budget.map((step) => {
    const held = money?.steps.find((s) => s.step === step.route)
    return {
      step,
      estimate: held ? held.estimate : step.estimate,
      committed: held?.contract ? held.committed : null,
      paid: held?.paid ? held.paid : null,
    }
  })
}

/** The chart's one-sentence reading: what a screen reader hears instead of the bars. */
function summary(budget: readonly StepBudget[], money: Money | null): string {
  const figures = money && moneyFigures(money)
  const estimate = figures ? figures.estimate : budgetTotals(budget).estimate
  const estimates =
    estimate === null
      ? 'No estimate total until your pool design is saved'
      : `Estimates total ${formatMoney(estimate)}`
  const contracts = figures
    ? `${figures.contracts} of ${budget.length} steps have an accepted quote, together ` +
      `${formatMoney(figures.committed)} committed, ${formatMoney(figures.paid)} paid`
    : 'the contracts are loading'
  return (
    `Bar chart of the estimate, the committed cost and what has been paid for each of the ` +
    `${budget.length} steps. ${estimates}; ${contracts}. The table below lists every number.`
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

/** One bar and its amount; where the amount is not known, no bar but the words `missing`. */
export function Bar({
  cents,
  max,
  kind,
  missing,
}: {
  cents: number | null
  max: number
  kind: string
  missing?: ReactNode
}) {
  if (cents === null) return <span className="budget-bar-none">{missing}</span>
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

/** The amounts of an axis from 0 to `max`, under the bars. */
export function ChartAxis({ max }: { max: number }) {
  return (
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
  )
}

/**
 * Up to three bars per step on one scale, each with its amount, over an axis in dollars: an
 * over-budget contract and what is paid on it stand out at a glance.
 */
export function BudgetChart({
  budget,
  money,
}: {
  budget: readonly StepBudget[]
  money: Money | null
}) {
  const lines = chartLines(budget, money)
  const max = axisMax(
    Math.max(...lines.flatMap((line) => [line.estimate ?? 0, line.committed ?? 0])),
  )
  return (
    <div className="budget-chart" role="img" aria-label={summary(budget, money)}>
      <p className="budget-legend">
        <span className="budget-key budget-key-estimate" /> Estimate
        <span className="budget-key budget-key-accepted" /> Committed
        <span className="budget-key budget-key-paid" /> Paid
      </p>
      {lines.map((line) => (
        <div className="budget-chart-row" key={line.step.route}>
          <span className="budget-chart-label">{line.step.title}</span>
          <span className="budget-chart-bars">
            <Bar
              cents={line.estimate}
              max={max}
              kind="estimate"
              missing={<MissingEstimate step={line.step} />}
            />
            {line.committed !== null && <Bar cents={line.committed} max={max} kind="accepted" />}
            {line.paid !== null && <Bar cents={line.paid} max={max} kind="paid" />}
          </span>
        </div>
      ))}
      <ChartAxis max={max} />
    </div>
  )
}
