import { Link } from '@tanstack/react-router'
import { budgetTotals } from '../../../../contract/budget'
import type { Timeline } from '../../../../contract/timeline'
import { BudgetFigures } from '../budget/budget-figures'
import { PageButton } from '../page-button'
import { ExpiringWarranties, LatestPhotos } from '../documents/overview-evidence'
import { useFiles, useWarranties } from '../documents/use-documents'
import { EmailSwitches } from './email-switches'
import { YourManager } from '../people/your-manager'
import { nextActions } from './next-actions'
import { ProjectCard } from './project-card'
import { BUILDER_ICONS } from '../page-icons'
import { describeSlip, formatDate } from '../timeline-dates'
import { useBudget, useProject } from '../use-project'
import { useMoney, useTimeline } from '../use-timeline'
import { useChecklists } from '../timeline/use-checklists'
import './overview.css'

/**
 * /builder/overview: the project's picture and progress, what to do next, where the money
 * stands, the latest photos and the warranties about to expire.
 */
export function OverviewPage() {
  const project = useProject()
  const budget = useBudget()
  const timeline = useTimeline()
  const money = useMoney()
  const files = useFiles()
  const warranties = useWarranties()
  const checklists = useChecklists()
  const actions = nextActions(project, timeline, money, files.list, checklists.list)
  const { done, total } = budgetTotals(budget)
  return (
    <article className="overview">
      <ProjectCard done={done} total={total}>
        {timeline?.startDate && <FinishFacts timeline={timeline} />}
        <YourManager requests={project.poolData.ManagerRequests} />
      </ProjectCard>
      <section className="overview-card" aria-labelledby="next-steps">
        <h2 id="next-steps">Next steps</h2>
        {actions.length === 0 ? (
          <p>Every step is done. Enjoy the pool!</p>
        ) : (
          <ol className="next-actions">
            {actions.map((action) => (
              <li key={action.text}>
                <Link to="/builder/$page" params={{ page: action.route }} hash={action.hash}>
                  <ActionIcon route={action.route} />
                  {action.text}
                </Link>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section className="overview-card" aria-labelledby="overview-budget">
        <h2 id="overview-budget">Budget</h2>
        <BudgetFigures budget={budget} money={money} remaining={false} />
        <PageButton page="budget">View budget</PageButton>
      </section>
      <LatestPhotos files={files.list} ready={files.ready} />
      <ExpiringWarranties warranties={warranties.list} />
      <EmailSwitches />
    </article>
  )
}

/** The forecast finish and how far it has moved from the plan as first agreed. */
function FinishFacts({ timeline }: { timeline: Timeline }) {
  const { forecast, slipDays } = timeline.end
  return (
    <dl className="overview-finish">
      <div>
        <dt>Forecast finish</dt>
        <dd>{forecast ? formatDate(forecast) : 'Not dated yet'}</dd>
      </div>
      <div>
        <dt>Against the plan</dt>
        <dd>{slipDays === null ? 'No baseline yet' : describeSlip(slipDays)}</dd>
      </div>
    </dl>
  )
}

/** The icon of the step an action leads to, as the sidebar shows it. */
function ActionIcon({ route }: { route: string }) {
  const Icon = BUILDER_ICONS[route]
  return Icon ? <Icon className="next-action-icon" aria-hidden="true" /> : null
}
