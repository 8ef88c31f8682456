import { TimelineStartBody, type Timeline } from '../../../../contract/timeline'
import { useSelector } from '@xstate/react'
import { Badge } from '../../../components/badge'
import { ErrorPanel } from '../../../components/error-panel'
import { Spinner } from '../../../components/spinner'
import { DateProposals } from '../bids/date-proposals'
import { useContractForm } from '../../../components/form/use-contract-form'
import { DateForm } from '../date-form'
import { CalendarCard } from './calendar-card'
import { GanttChart } from './gantt-chart'
import { InspectionCard } from './inspection-card'
import { TimelinePreview } from './timeline-preview'
import { useProjectToday } from './project-today'
import { useChecklists } from './use-checklists'
import { useCallFor, useClientActor } from '../use-client'
import { useTimeline } from '../use-timeline'
import { describeSlip, formatDate, formatSpan, stepStatus } from '../timeline-dates'
import './timeline.css'

/** /builder/timeline: the start date, the dated plan against its baseline, the inspections. */
export function TimelinePage() {
  const timeline = useTimeline()
  const today = useProjectToday(timeline)
  const checklists = useChecklists().list
  return (
    <article className="timeline-page">
      <h1>Timeline</h1>
      <StartDateForm timeline={timeline} />
      {timeline?.startDate && today ? (
        <>
          <PlanSummary timeline={timeline} />
          <DateProposals
            proposals={timeline.proposals}
            card={{ className: 'timeline-card', title: 'Proposed dates' }}
          />
          <section className="timeline-card" aria-labelledby="timeline-plan">
            <h2 id="timeline-plan">Plan</h2>
            <GanttChart timeline={timeline} today={today} />
            <p className="gantt-legend">
              <span className="legend-baseline" aria-hidden="true" /> Baseline
              <span className="legend-forecast" aria-hidden="true" /> Forecast
              <span className="legend-today" aria-hidden="true" /> Today
            </p>
            <PlanTable timeline={timeline} />
          </section>
          <section className="timeline-card" aria-labelledby="timeline-inspections">
            <h2 id="timeline-inspections">Inspections</h2>
            <div className="inspection-list">
              {timeline.inspections.map((inspection) => (
                <InspectionCard
                  key={inspection.slug}
                  inspection={inspection}
                  today={today}
                  checklist={checklists?.find((c) => c.inspection === inspection.slug) ?? null}
                />
              ))}
            </div>
          </section>
          <CalendarCard />
        </>
      ) : timeline ? (
        <TimelinePreview steps={timeline.steps} />
      ) : (
        <TimelineLoading />
      )}
    </article>
  )
}

/** Until the first answer: a spinner, or the refusal with a way to ask again. */
function TimelineLoading() {
  const actor = useClientActor()
  const failed = useSelector(actor, (snapshot) => snapshot.context.listFailures.timeline ?? null)
  if (!failed) return <Spinner label="Loading the timeline" />
  return (
    <ErrorPanel
      title="Your timeline did not load"
      message={failed}
      onRetry={() => actor.send({ type: 'list.requested', list: 'timeline' })}
    />
  )
}

function StartDateForm({ timeline }: { timeline: Timeline | null }) {
  const calls = useCallFor('setTimelineStart')
  const replan = !!timeline?.baseline
  const form = useContractForm(TimelineStartBody, calls, {
    initial: { startDate: timeline?.startDate ?? '' },
    toBody: ({ startDate }) => ({ startDate }),
    toCall: ({ startDate }) => ({
      name: 'setTimelineStart' as const,
      body: replan ? { startDate, rebaseline: true } : { startDate },
    }),
  })
  const startDate = form.field('startDate')
  return (
    <DateForm
      className="timeline-card timeline-start"
      label="Project start date"
      hint={replan ? 'Re-planning makes the forecast from this date the new baseline.' : undefined}
      field={{ ...startDate, value: startDate.value || timeline?.startDate || '' }}
      form={form}
      calls={calls}
    >
      {replan ? 'Re-plan' : 'Set start date'}
    </DateForm>
  )
}

function PlanSummary({ timeline }: { timeline: Timeline }) {
  const { forecast, slipDays } = timeline.end
  return (
    <section className="timeline-card timeline-summary" aria-labelledby="timeline-finish">
      <h2 id="timeline-finish">Finish</h2>
      <dl className="timeline-facts">
        <div>
          <dt>Forecast finish</dt>
          <dd>{forecast ? formatDate(forecast) : 'Not dated yet'}</dd>
        </div>
        <div>
          <dt>Baseline finish</dt>
          <dd>{timeline.baseline ? formatDate(timeline.baseline.end) : 'No baseline yet'}</dd>
        </div>
        <div>
          <dt>Against the plan</dt>
          <dd>{slipDays === null ? 'No baseline yet' : describeSlip(slipDays)}</dd>
        </div>
      </dl>
    </section>
  )
}

/** The dates' column headers; on a phone each row is a card and they label its dates. */
const LABEL = { baseline: 'Baseline', forecast: 'Forecast' }

/** The chart's twin in words: what a screen reader reads and a phone shows without scrolling. */
function PlanTable({ timeline }: { timeline: Timeline }) {
  return (
    <div
      className="timeline-table-scroll"
      role="region"
      aria-labelledby="timeline-table-caption"
      tabIndex={0}
    >
      <table className="timeline-table">
        <caption id="timeline-table-caption">Dates of every step</caption>
        <thead>
          <tr>
            <th scope="col">Step</th>
            <th scope="col">{LABEL.baseline}</th>
            <th scope="col">{LABEL.forecast}</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {timeline.steps.map((step) => {
            const status = stepStatus(step.status)
            return (
              <tr key={step.step}>
                <th scope="row">{step.title}</th>
                <td data-label={LABEL.baseline}>{formatSpan(step.baseline)}</td>
                <td data-label={LABEL.forecast}>{formatSpan(step.forecast)}</td>
                <td className="timeline-status">
                  <Badge tone={status.tone}>{status.label}</Badge>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
