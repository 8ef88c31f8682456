import { MoneyDifference } from '../../components/money-difference'
import { formatMoney } from '../../lib/money'
import { budgetTotals, type StepBudget } from '../../../contract/budget'
import './budget-view.css'

/** The budget's headline figures: estimate, accepted quotes, and how far they are off. */
export function BudgetFigures({ budget }: { budget: readonly StepBudget[] }) {
  const totals = budgetTotals(budget)
  return (
    <dl className="budget-figures">
      <div className="figure">
        <dt>Estimate</dt>
        <dd>
          {totals.estimate === null ? 'After your pool design' : formatMoney(totals.estimate)}
        </dd>
      </div>
      <div className="figure">
        <dt>Accepted quotes</dt>
        <dd>{formatMoney(totals.accepted)}</dd>
      </div>
      <div className="figure">
        <dt>Quotes against their estimates</dt>
        <dd>
          {totals.accepted === 0 ? 'No quotes yet' : <MoneyDifference cents={totals.difference} />}
        </dd>
      </div>
    </dl>
  )
}
