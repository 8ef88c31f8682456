import { formatMoney } from '../../../lib/money'
import { budgetTotals, type StepBudget } from '../../../../contract/budget'
import type { Money } from '../../../../contract/money'
import { moneyFigures } from '../../../../contract/money-figures'
import { committedWords } from './money-words'
import './budget-view.css'

/**
 * The budget's headline figures (PRODUCT.md §10): the estimate, what the contracts commit,
 * what is paid and, on the Budget page, what is still owed — all from the Money answer, as the
 * sidebar has them. Until it arrives only the estimate is known; with no contract, nothing is
 * committed or owed yet, which a "$0" would misstate as a figure.
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
  const figures = money && moneyFigures(money)
  const estimate = figures ? figures.estimate : budgetTotals(budget).estimate
  const later = (words: (f: NonNullable<typeof figures>) => string) =>
    figures ? words(figures) : '—'
  return (
    <dl className="budget-figures">
      <div className="figure">
        <dt>Estimate</dt>
        <dd>{estimate === null ? 'After your pool design' : formatMoney(estimate)}</dd>
      </div>
      <div className="figure">
        <dt>Committed</dt>
        <dd>{later(committedWords)}</dd>
      </div>
      <div className="figure">
        <dt>Paid</dt>
        <dd>{later((f) => formatMoney(f.paid))}</dd>
      </div>
      {remaining && (
        <div className="figure">
          <dt>Remaining</dt>
          <dd>{later((f) => (f.contracts === 0 ? '—' : formatMoney(f.remaining)))}</dd>
        </div>
      )}
    </dl>
  )
}
