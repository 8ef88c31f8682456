import { doneHeldBy } from '../../../../contract/gating'
import type { Inspection } from '../../../../contract/construction'
import { MAX_QUOTES_PER_ENTRY } from '../../../../contract/steps'
import { QuoteForm } from '../quotes/quote-form'
import { QuoteList } from '../quotes/quote-list'
import { useCallFor } from '../use-client'
import { useStep, type StepView } from './use-step'
import { useTimeline } from '../use-timeline'
import { InspectionLink } from './step-dates'
import { FieldAlert } from '../../../components/form/field-alert'
import { CallButton } from '../call-button'
import { STEP_SECTIONS } from './step-next'

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' })

/** A step's quotes and its done switch, one under the other (the Pool Design page). */
export function StepTools({ route }: { route: string }) {
  const view = useStep(route)
  if (!view) return null
  return (
    <>
      <StepQuotes view={view} />
      <StepProgress view={view} />
    </>
  )
}

/** A step's quotes: how many of the limit, each with its check, then the form to add one. */
export function StepQuotes({ view }: { view: StepView }) {
  const quotes = view.entry?.quotes ?? []
  const full = quotes.length >= MAX_QUOTES_PER_ENTRY
  return (
    <section
      className="step-card step-quotes"
      id={STEP_SECTIONS.quotes}
      aria-labelledby="step-quotes-title"
    >
      <div className="step-card-head">
        <h2 id="step-quotes-title">Quotes</h2>
        <p className="quote-limit">
          {quotes.length} of {MAX_QUOTES_PER_ENTRY} quotes recorded
          {full ? ' — remove one to add another.' : '.'}
        </p>
      </div>
      <QuoteList view={view} />
      <QuoteForm view={view} full={full} />
    </section>
  )
}

/** "Progress": whether the step is done, since when, and the switch (held by a gate). */
export function StepProgress({ view }: { view: StepView }) {
  const name = 'StageId' in view.key ? 'markDone' : 'markDone1'
  const calls = useCallFor(name, view.keyValue)
  const done = view.entry?.done ?? false
  const doneAt = view.entry?.doneAt
  const timeline = useTimeline()
  // The server's own rule: a gated step is marked done once its inspection has passed.
  const heldBy = !done && timeline ? doneHeldBy(view.step.route, timeline.inspections) : null
  const toggle = () =>
    calls.run(
      'StageId' in view.key
        ? { name: 'markDone', body: { StageId: view.key.StageId, done: !done } }
        : { name: 'markDone1', body: { Title: view.key.Title, done: !done } },
    )
  return (
    <section
      className="step-card step-done"
      id={STEP_SECTIONS.progress}
      aria-labelledby="step-done-title"
    >
      <h2 id="step-done-title">Progress</h2>
      <p>
        {done
          ? `Done${doneAt ? ` since ${dateFormat.format(new Date(doneAt))}` : ''}.`
          : 'Not done yet.'}
      </p>
      {heldBy && <HeldBy gate={heldBy} />}
      <FieldAlert message={calls.failure?.message} />
      <CallButton
        type="button"
        variant="secondary"
        calls={calls}
        busyLabel="Saving…"
        onClick={toggle}
        disabled={!!heldBy}
        aria-describedby={heldBy ? HELD_BY_ID : undefined}
      >
        {done ? 'Mark as not done' : 'Mark as done'}
      </CallButton>
    </section>
  )
}

const HELD_BY_ID = 'step-done-held-by'

/** Why "Mark as done" waits, and the way to the inspection it waits for. */
function HeldBy({ gate }: { gate: Inspection }) {
  return (
    <p id={HELD_BY_ID} className="step-done-held-by">
      Needs the {gate.title} to pass.{' '}
      <InspectionLink slug={gate.slug}>Go to the {gate.title}</InspectionLink>
    </p>
  )
}
