import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { z } from 'zod/mini'
import { StepStartedBody, type TimelineStep } from '../../../../contract/timeline'
import { Badge } from '../../../components/badge'
import { useContractForm } from '../../../components/form/use-contract-form'
import { DateForm } from '../date-form'
import { formatSpan, inspectionStatus, stepStatus } from '../timeline-dates'
import { useCallFor } from '../use-client'
import { useTimeline } from '../use-timeline'
import { STEP_SECTIONS } from './step-next'
import '../timeline/timeline.css'

/**
 * A step's schedule on its page: planned and forecast dates, when it started, and its gate. (Not
 * headed "Dates": the region's name would then also answer for the Daily log's "Date" field.)
 */
export function StepDates({ route }: { route: string }) {
  const timeline = useTimeline()
  const step = timeline?.steps.find((s) => s.step === route)
  if (!timeline || !step) return null
  const gate = timeline.inspections.find((i) => i.gates === route)
  const status = stepStatus(step.status)
  return (
    <section
      className="step-card step-dates"
      id={STEP_SECTIONS.schedule}
      aria-labelledby="step-dates-title"
    >
      <div className="step-dates-head">
        <h2 id="step-dates-title">Schedule</h2>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      {timeline.startDate ? (
        <>
          <dl className="step-dates-facts">
            <div>
              <dt>Planned</dt>
              <dd>{formatSpan(step.baseline ?? step.planned)}</dd>
            </div>
            <div>
              <dt>Forecast</dt>
              <dd>{formatSpan(step.forecast)}</dd>
            </div>
          </dl>
          <StartedOn step={step} />
        </>
      ) : (
        <p>
          <Link to="/builder/$page" params={{ page: 'timeline' }}>
            Set the project start date
          </Link>{' '}
          to date this step.
        </p>
      )}
      {gate && (
        <p className="step-gate">
          Needs the {gate.title} to pass first:{' '}
          <Badge tone={inspectionStatus(gate.status).tone}>
            {inspectionStatus(gate.status).label}
          </Badge>{' '}
          <InspectionLink slug={gate.slug}>See the inspections</InspectionLink>
        </p>
      )}
    </section>
  )
}

/** When the step started, typed; empty says it has not. */
const StartedOnBody = z.omit(StepStartedBody, { step: true })

function StartedOn({ step }: { step: TimelineStep }) {
  const calls = useCallFor('setStepStarted')
  const form = useContractForm(StartedOnBody, calls, {
    initial: { startedOn: step.startedOn ?? '' },
    toBody: ({ startedOn }) => ({ startedOn: startedOn === '' ? null : startedOn }),
    toCall: (body) => ({ name: 'setStepStarted' as const, body: { step: step.step, ...body } }),
  })
  return (
    <DateForm
      className="step-started"
      label="Started on"
      field={form.field('startedOn')}
      form={form}
      calls={calls}
      variant="secondary"
    >
      Save start date
    </DateForm>
  )
}

/** A link to one inspection's card on the Timeline. */
export function InspectionLink({ slug, children }: { slug: string; children: ReactNode }) {
  return (
    <Link to="/builder/$page" params={{ page: 'timeline' }} hash={`inspection-${slug}`}>
      {children}
    </Link>
  )
}
