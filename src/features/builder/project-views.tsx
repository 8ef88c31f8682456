import { useMemo } from 'react'
import type { ProjectData, StepBudget } from '../../../contract/budget'
import { entryOf, projectBudget } from '../../../contract/budget'
import type { Stage } from '../../../contract/domain'
import type { ProjectView } from '../../../contract/projects'
import { STEPS } from '../../../contract/steps'
import { Badge } from '../../components/badge'
import { formatMoney } from '../../lib/money'
import { BudgetFigures } from './budget/budget-figures'
import { BudgetTable } from './budget/budget-table'
import { fileTitle, formatUploaded, stepTitle } from './documents/document-words'
import { EnteredBy } from './quotes/entered-by'
import { GanttChart } from './timeline/gantt-chart'
import { describeSlip, formatDate } from './timeline-dates'

type ViewProps = { view: ProjectView; budget: readonly StepBudget[] }

type Tab = 'Overview' | 'Timeline' | 'Budget' | 'Documents' | 'Trades'

/**
 * An owner's project as the back office reads it (PRODUCT.md §18), one tab at a time: the
 * owner's own figures, chart and lists, priced from the same stages, nothing to change.
 */
export function OwnerProjectView({
  tab,
  view,
  stages,
}: {
  tab: Tab
  view: ProjectView
  stages: readonly Stage[]
}) {
  const project = useMemo(
    () => ({ stages, poolData: view.overview.poolData, Engineers: [] }),
    [stages, view.overview.poolData],
  )
  const budget = useMemo(() => projectBudget(project), [project])
  switch (tab) {
    case 'Overview':
      return <OverviewPanel view={view} budget={budget} />
    case 'Timeline':
      return <TimelinePanel view={view} budget={budget} />
    case 'Budget':
      return <BudgetPanel view={view} budget={budget} project={project} />
    case 'Documents':
      return <DocumentsPanel view={view} budget={budget} />
    case 'Trades':
      return <TradesPanel view={view} budget={budget} />
  }
}

/** The owner, where the pool is built, its managers, and the money at a glance. */
function OverviewPanel({ view, budget }: ViewProps) {
  const { client, managers } = view.overview
  const { end } = view.timeline
  return (
    <>
      <dl className="project-facts">
        <div>
          <dt>Owner</dt>
          <dd>
            {client.name}
            <br />
            <a href={`mailto:${client.email}`}>{client.email}</a>
            {client.phone && (
              <>
                <br />
                <a href={`tel:${client.phone}`}>{client.phone}</a>
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>Where</dt>
          <dd>{[client.address, `${client.city}, ${client.state}`].filter(Boolean).join(', ')}</dd>
        </div>
        <div>
          <dt>Steps done</dt>
          <dd>{client.stepsDone} of 13</dd>
        </div>
        <div>
          <dt>Forecast finish</dt>
          <dd>
            {end.forecast
              ? [formatDate(end.forecast), end.slipDays === null ? '' : describeSlip(end.slipDays)]
                  .filter(Boolean)
                  .join(', ')
              : 'No start date yet'}
          </dd>
        </div>
        <div>
          <dt>Project managers</dt>
          <dd>{managers.length ? managers.map((m) => m.name).join(', ') : 'None assigned'}</dd>
        </div>
      </dl>
      <BudgetFigures budget={budget} money={view.money} />
    </>
  )
}

/** The schedule as the owner's Timeline draws it, and each inspection's state. */
function TimelinePanel({ view }: ViewProps) {
  const { timeline } = view
  return (
    <>
      {timeline.startDate ? (
        <GanttChart timeline={timeline} today={timeline.today} />
      ) : (
        <p>The owner has not set a start date yet.</p>
      )}
      <h3>Inspections</h3>
      <ul className="project-list">
        {timeline.inspections.map((inspection) => (
          <li key={inspection.slug}>
            <span>{inspection.title}</span>
            <span>{inspection.date ? formatDate(inspection.date) : 'Not scheduled'}</span>
            <Badge tone={inspection.status === 'failed' ? 'danger' : 'neutral'}>
              {inspection.status}
            </Badge>
          </li>
        ))}
      </ul>
    </>
  )
}

/** The owner's budget figures and table, then each step's quotes. */
function BudgetPanel({ view, budget, project }: ViewProps & { project: ProjectData }) {
  return (
    <>
      <BudgetFigures budget={budget} money={view.money} />
      <BudgetTable budget={budget} money={view.money} />
      <h3>Quotes</h3>
      {STEPS.map((step) => {
        const quotes = entryOf(step, project)?.quotes ?? []
        if (quotes.length === 0) return null
        return (
          <section key={step.route} aria-label={`Quotes for ${step.title}`}>
            <h4>{step.title}</h4>
            <ul className="project-list">
              {quotes.map((quote) => (
                <li key={quote.id}>
                  <span>{quote.vendor}</span>
                  <span className="money">{formatMoney(quote.amount)}</span>
                  {quote.accepted && <Badge tone="success">Accepted</Badge>}
                  <EnteredBy quote={quote} />
                  {quote.note && <span className="project-note">{quote.note}</span>}
                </li>
              ))}
            </ul>
          </section>
        )
      })}
    </>
  )
}

/** The owner's files by name, kind and step, newest first as the server lists them. */
function DocumentsPanel({ view }: ViewProps) {
  if (view.files.length === 0) return <p>No documents yet.</p>
  return (
    <ul className="project-list">
      {view.files.map((file) => (
        <li key={file.id}>
          <a href={file.urls.original} target="_blank" rel="noreferrer">
            {fileTitle(file)}
          </a>
          <span>{file.step ? stepTitle(file.step) : file.kind}</span>
          <span>{formatUploaded(file)}</span>
        </li>
      ))}
    </ul>
  )
}

/** The owner's trades: who, for which steps, and what is missing on their record. */
function TradesPanel({ view }: ViewProps) {
  if (view.trades.length === 0) return <p>No trades recorded yet.</p>
  return (
    <ul className="project-list">
      {view.trades.map((trade) => (
        <li key={trade.id}>
          <span>
            {trade.company}
            {trade.contact && ` (${trade.contact})`}
          </span>
          <span>{trade.steps.map(stepTitle).join(', ')}</span>
          <span className="project-flags">
            {trade.warnings.map((warning) => (
              <Badge key={`${warning.code}-${warning.step ?? ''}`} tone="warning">
                {warning.message}
              </Badge>
            ))}
          </span>
        </li>
      ))}
    </ul>
  )
}
