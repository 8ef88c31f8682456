import { MoneyDifference } from '../../components/money-difference'
import { formatMoney } from '../../lib/money'
import { budgetTotals, type StepBudget } from './budget'

const money = (cents: number | null, empty: string) => (cents === null ? empty : formatMoney(cents))

function difference(step: StepBudget) {
  return step.estimate !== null && step.accepted !== null ? (
    <MoneyDifference cents={step.accepted - step.estimate} />
  ) : (
    '—'
  )
}

/** The budget's numbers, one row per step: the chart's accessible twin and the printed summary. */
export function BudgetTable({ budget }: { budget: readonly StepBudget[] }) {
  const totals = budgetTotals(budget)
  return (
    // On a narrow phone the table may scroll sideways; the keyboard has to reach it too.
    <div className="budget-table-wrap" role="region" aria-label="Budget by step" tabIndex={0}>
      <table className="budget-table">
        <caption className="visually-hidden">Estimate and accepted quote by step</caption>
        <thead>
          <tr>
            <th scope="col">Step</th>
            <th scope="col">Estimate</th>
            <th scope="col">Accepted quote</th>
            <th scope="col">Difference</th>
            <th scope="col">Done</th>
          </tr>
        </thead>
        <tbody>
          {budget.map((step) => (
            <tr key={step.route}>
              <th scope="row">{step.title}</th>
              <td className={step.estimate === null ? 'budget-missing' : undefined}>
                {money(step.estimate, 'Not yet estimated')}
              </td>
              <td>{money(step.accepted, '—')}</td>
              <td className="signed-amount">{difference(step)}</td>
              <td>{step.done ? 'Done' : '—'}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td>{money(totals.estimate, 'After your pool design')}</td>
            <td>{formatMoney(totals.accepted)}</td>
            <td className="signed-amount">
              {totals.accepted === 0 ? '—' : <MoneyDifference cents={totals.difference} />}
            </td>
            <td>
              {totals.done} of {totals.total}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  )
}
