import { formatMoney } from '../../../lib/money'
import { budgetTotals, type StepBudget } from '../../../../contract/budget'
import type { Money } from '../../../../contract/money'
import './budget-view.css'

/**
 * The budget's headline figures (PRODUCT.md §10): the estimate, what the contracts commit,
 * what is paid and, on the Budget page, what is still owed. Until the money answer arrives the
 * committed cost is the accepted quotes; with none, nothing is committed or owed yet, which a
 * "$0" would misstate as a figure.
 */
export function BudgetFigures({
  budget,
  money,
  remaining = true,
}: {
  budget: readonly StepBudget[]
  money: Money | null
  remaining?: boolean
}) {
  const totals = budgetTotals(budget)
  const estimate = money ? money.totals.estimate : totals.estimate
  const later = (cents: number | undefined) => (cents === undefined ? '—' : formatMoney(cents))
  const committed = money?.totals.committed ?? totals.accepted
  return (
    <dl className="budget-figures">
      <div className="figure">
        <dt>Estimate</dt>
        <dd>{estimate === null ? 'After your pool design' : formatMoney(estimate)}</dd>
      </div>
      <div className="figure">
        <dt>Committed</dt>
        <dd>{committed === 0 ? 'None yet' : formatMoney(committed)}</dd>
      </div>
      <div className="figure">
        <dt>Paid</dt>
        <dd>{later(money?.totals.paid)}</dd>
      </div>
      {remaining && (
        <div className="figure">
          <dt>Remaining</dt>
          <dd>{committed === 0 ? '—' : later(money?.totals.remaining)}</dd>
        </div>
      )}
    </dl>
  )
}
