import { MoneyDifference } from '../../../components/money-difference'
import { formatMoney } from '../../../lib/money'
import { budgetTotals, type StepBudget } from '../../../../contract/budget'

const money = (cents: number | null, empty: string) => (cents === null ? empty : formatMoney(cents))

function difference(step: StepBudget) {
  return step.estimate !== null && step.accepted !== null ? (
    <MoneyDifference cents={step.accepted - step.estimate} />
  ) : (
    '—'
  )
}

/** The figures' column headers; on a phone each row is a card and they label its figures. */
const LABEL = { estimate: 'Estimate', accepted: 'Accepted quote', difference: 'Difference' }

/** The budget's numbers, one row per step: the chart's accessible twin and the printed summary. */
export function BudgetTable({ budget }: { budget: readonly StepBudget[] }) {
  const totals = budgetTotals(budget)
  const anyAccepted = budget.some((step) => step.accepted !== null)
  return (
    <div className="budget-table-wrap">
      <table className="budget-table">
        <caption className="visually-hidden">Estimate and accepted quote by step</caption>
        <thead>
          <tr>
            <th scope="col">Step</th>
            <th scope="col">{LABEL.estimate}</th>
            <th scope="col">{LABEL.accepted}</th>
            <th scope="col">{LABEL.difference}</th>
            <th scope="col">Done</th>
          </tr>
        </thead>
        <tbody>
          {budget.map((step) => (
            <tr key={step.route}>
              <th scope="row">{step.title}</th>
              <td
                data-label={LABEL.estimate}
                className={step.estimate === null ? 'budget-missing' : undefined}
              >
                {money(step.estimate, 'Not yet estimated')}
              </td>
              <td data-label={LABEL.accepted}>{money(step.accepted, '—')}</td>
              <td data-label={LABEL.difference}>{difference(step)}</td>
              <td className={step.done ? 'budget-done' : 'budget-done budget-not-done'}>
                {step.done ? 'Done' : '—'}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td data-label={LABEL.estimate}>{money(totals.estimate, 'After your pool design')}</td>
            <td data-label={LABEL.accepted}>{anyAccepted ? formatMoney(totals.accepted) : '—'}</td>
            <td data-label={LABEL.difference}>
              {anyAccepted ? <MoneyDifference cents={totals.difference} /> : '—'}
            </td>
            <td className="budget-done">
              {totals.done} of {totals.total}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  )
}
