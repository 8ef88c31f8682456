import { Link } from '@tanstack/react-router'
import { useState, type FormEvent, type ReactNode } from 'react'
import { DateInput, type TimelineStep } from '../../../../contract/timeline'
import { Badge } from '../../../components/badge'
import { TextField } from '../../../components/text-field'
import { CallButton } from '../call-button'
import { formatSpan, inspectionStatus, stepStatus } from '../timeline-dates'
import { useCallFor } from '../use-client'
import { useTimeline } from '../use-timeline'
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
    <section className="step-card step-dates" aria-labelledby="step-dates-title">
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

function StartedOn({ step }: { step: TimelineStep }) {
  const [startedOn, setStartedOn] = useState(step.startedOn ?? '')
  const [error, setError] = useState<string>()
  const calls = useCallFor('setStepStarted')
  const failure = calls.failure?.call.name === 'setStepStarted' ? calls.failure : null
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = startedOn === '' ? null : DateInput.safeParse(startedOn)
    if (checked && !checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Enter a date')
      return
    }
    setError(undefined)
    calls.run({
      name: 'setStepStarted',
      body: { step: step.step, startedOn: checked?.data ?? null },
    })
  }
  return (
    <form className="step-started" onSubmit={submit} noValidate>
      <TextField
        id="step-started-on"
        label="Started on"
        type="date"
        value={startedOn}
        onChange={setStartedOn}
        error={error ?? failure?.message}
      />
      <CallButton type="submit" variant="secondary" calls={calls} busyLabel="Saving…">
        Save start date
      </CallButton>
    </form>
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
