import { useParams } from '@tanstack/react-router'
import { ChevronDown } from 'lucide-react'
import { useId, useState } from 'react'
import { MoneyDifference } from '../../../components/money-difference'
import { formatMoney } from '../../../lib/money'
import { budgetTotals, type StepBudget } from '../../../../contract/budget'
import { moneyFigures } from '../../../../contract/money-figures'
import { PageButton } from '../page-button'
import { useMoney } from '../use-timeline'
import { committedWords } from './money-words'

/**
 * The progress bar and the running budget at the top of the builder's sidebar. On a phone, in
 * the Menu between the project pages and the steps, it folds into one line (progress and
 * estimate total) that opens; on a wide screen the toggle is not shown and the details always
 * are (builder.css). Its money is the Money answer's, as on the Overview and the Budget page;
 * the progress is the steps'.
 */
export function RunningBudget({ budget }: { budget: readonly StepBudget[] }) {
  const totals = budgetTotals(budget)
  const money = useMoney()
  const figures = money && moneyFigures(money)
  const estimate = figures ? figures.estimate : totals.estimate
  // The Overview has a "View budget" of its own, and the Budget page is where it leads.
  const { page } = useParams({ strict: false })
  const leadsToBudget = page !== 'overview' && page !== 'budget'
  const [expanded, setExpanded] = useState(false)
  const detailsId = useId()
  return (
    <section className="running-budget" aria-labelledby="running-budget-title">
      <div className="running-budget-head">
        <h2 id="running-budget-title" className="running-budget-title">
          Your project
        </h2>
        <button
          type="button"
          className="running-budget-toggle"
          aria-expanded={expanded}
          aria-controls={detailsId}
          onClick={() => setExpanded((open) => !open)}
        >
          <span>
            {totals.done} of {totals.total} done <span aria-hidden="true">·</span>{' '}
            {estimate === null ? 'No estimate yet' : formatMoney(estimate)}
          </span>
          <ChevronDown className="running-budget-chevron" size={18} aria-hidden="true" />
        </button>
      </div>
      <div
        id={detailsId}
        className={
          expanded ? 'running-budget-details running-budget-expanded' : 'running-budget-details'
        }
      >
        <label className="progress-label" htmlFor="build-progress">
          {totals.done} of {totals.total} steps done
        </label>
        <progress id="build-progress" max={totals.total} value={totals.done} />
        <dl className="budget-totals">
          <div>
            <dt>Estimate total</dt>
            <dd>{estimate === null ? 'After your pool design' : formatMoney(estimate)}</dd>
          </div>
          <div>
            <dt>Committed</dt>
            <dd>{figures ? committedWords(figures) : '—'}</dd>
          </div>
          <div>
            <dt>Over or under the estimate</dt>
            <dd>
              {!figures ? (
                '—'
              ) : figures.contracts === 0 ? (
                'No quotes yet'
              ) : (
                <MoneyDifference cents={figures.difference} />
              )}
            </dd>
          </div>
        </dl>
        {leadsToBudget && (
          <PageButton page="budget" className="button button-secondary budget-open">
            View budget
          </PageButton>
        )}
      </div>
    </section>
  )
}
