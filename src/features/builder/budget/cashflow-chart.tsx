import type { Money } from '../../../../contract/money'
import { formatMoney } from '../../../lib/money'
import { axisMax, Bar, ChartAxis } from './budget-chart'

const monthWords = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})

/** "2026-06" → "Jun 2026". */
const monthOf = (month: string) => monthWords.format(new Date(`${month}-01T00:00:00Z`))

/**
 * The cash flow by month: what the draws plan to fall due (dated by the timeline) against what
 * was paid, on one scale with the amounts on the bars.
 */
export function CashflowChart({ cashflow }: { cashflow: Money['cashflow'] }) {
  if (cashflow.length === 0) {
    return (
      <p className="money-empty">The cash flow shows once a contract has draws with due dates.</p>
    )
  }
  const max = axisMax(Math.max(...cashflow.flatMap((m) => [m.planned, m.paid])))
  const planned = cashflow.reduce((sum, m) => sum + m.planned, 0)
  const paid = cashflow.reduce((sum, m) => sum + m.paid, 0)
  const label =
    `Bar chart of the money planned and paid in each of ${cashflow.length} months, ` +
    `${monthOf(cashflow[0]?.month ?? '')} to ${monthOf(cashflow.at(-1)?.month ?? '')}: ` +
    `${formatMoney(planned)} planned, ${formatMoney(paid)} paid. ` +
    cashflow
      .map(
        (m) =>
          `${monthOf(m.month)}: ${formatMoney(m.planned)} planned, ${formatMoney(m.paid)} paid`,
      )
      .join('; ')
  return (
    <div className="budget-chart cashflow-chart" role="img" aria-label={label}>
      <p className="budget-legend">
        <span className="budget-key budget-key-estimate" /> Planned
        <span className="budget-key budget-key-paid" /> Paid
      </p>
      {cashflow.map((m) => (
        <div className="budget-chart-row" key={m.month}>
          <span className="budget-chart-label">{monthOf(m.month)}</span>
          <span className="budget-chart-bars">
            <Bar cents={m.planned} max={max} kind="estimate" />
            <Bar cents={m.paid} max={max} kind="paid" />
          </span>
        </div>
      ))}
      <ChartAxis max={max} />
    </div>
  )
}
