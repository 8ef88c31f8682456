import { Link } from '@tanstack/react-router'
import { budgetTotals } from '../budget'
import { BudgetFigures } from '../budget-figures'
import { nextActions } from '../next-actions'
import { useBudget, useProject } from '../use-project'
import '../overview.css'

/** /builder/overview: what to do next, how far the build is, and where the money stands. */
export function OverviewPage() {
  const project = useProject()
  const budget = useBudget()
  const actions = nextActions(project)
  const { done, total } = budgetTotals(budget)
  return (
    <article className="overview">
      <h1>Overview</h1>
      <section className="overview-card" aria-labelledby="next-steps">
        <h2 id="next-steps">Next steps</h2>
        {actions.length === 0 ? (
          <p>Every step is done. Enjoy the pool!</p>
        ) : (
          <ol className="next-actions">
            {actions.map((action) => (
              <li key={action.text}>
                <Link to="/builder/$page" params={{ page: action.route }}>
                  {action.text}
                </Link>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section className="overview-card" aria-labelledby="overview-progress">
        <h2 id="overview-progress">Progress</h2>
        <label className="progress-label" htmlFor="overview-progress-bar">
          {done} of {total} steps done
        </label>
        <progress id="overview-progress-bar" max={total} value={done} />
      </section>
      <section className="overview-card" aria-labelledby="overview-budget">
        <h2 id="overview-budget">Budget</h2>
        <BudgetFigures budget={budget} />
        <Link to="/builder/$page" params={{ page: 'budget' }} className="button button-secondary">
          View budget
        </Link>
      </section>
    </article>
  )
}
