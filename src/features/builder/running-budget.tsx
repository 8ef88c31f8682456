import { Link } from '@tanstack/react-router'
import { MoneyDifference } from '../../components/money-difference'
import { formatMoney } from '../../lib/money'
import { budgetTotals, type StepBudget } from './budget'

/** The progress bar and the running budget at the top of the builder's sidebar. */
export function RunningBudget({ budget }: { budget: readonly StepBudget[] }) {
  const totals = budgetTotals(budget)
  return (
    <section className="running-budget" aria-labelledby="running-budget-title">
      <h2 id="running-budget-title" className="running-budget-title">
        Your project
      </h2>
      <label className="progress-label" htmlFor="build-progress">
        {totals.done} of {totals.total} steps done
      </label>
      <progress id="build-progress" max={totals.total} value={totals.done} />
      <dl className="budget-totals">
        <div>
          <dt>Estimate total</dt>
          <dd>
            {totals.estimate === null ? 'After your pool design' : formatMoney(totals.estimate)}
          </dd>
        </div>
        <div>
          <dt>Accepted quotes</dt>
          <dd>{formatMoney(totals.accepted)}</dd>
        </div>
        <div>
          <dt>Over or under the estimate</dt>
          <dd className="signed-amount">
            {totals.accepted === 0 ? (
              'No quotes yet'
            ) : (
              <MoneyDifference cents={totals.difference} />
            )}
          </dd>
        </div>
      </dl>
      <Link
        to="/builder/$page"
        params={{ page: 'budget' }}
        className="button button-secondary budget-open"
      >
        View budget
      </Link>
    </section>
  )
}
