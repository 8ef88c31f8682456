import { useEffect, useRef, useState } from 'react'
import {
  DateInput,
  type InspectionOutcome,
  type TimelineInspection,
} from '../../../../contract/timeline'
import { Badge } from '../../../components/badge'
import { BusyButton } from '../../../components/busy-button'
import { TextField } from '../../../components/text-field'
import { useClientCalls } from '../use-client'
import { formatDate, inspectionStatus } from '../timeline-dates'
import { FieldAlert } from '../../../components/form/field-alert'
import { TextAreaField } from '../../../components/form/text-area-field'
import type { CheckedItem, Checklist } from '../../../../contract/checklists'
import { InspectionChecklist } from './inspection-checklist'
import { ScheduleAnyway } from './schedule-anyway'

const OUTCOME_WORDS: Record<InspectionOutcome, string> = {
  scheduled: 'Scheduled for',
  passed: 'Passed on',
  failed: 'Failed on',
}

/**
 * One inspection: its status, its checklist, its history, and while it can be recorded the date
 * field with "Schedule inspection" (asking "Schedule anyway?" while items are unticked), then
 * "Passed" or "Failed" with notes.
 */
export function InspectionCard({
  inspection,
  today,
  checklist,
}: {
  inspection: TimelineInspection
  today: string
  checklist: Checklist | null
}) {
  const { slug, title, status, history } = inspection
  const calls = useClientCalls()
  const [date, setDate] = useState(inspection.date ?? today)
  const [notes, setNotes] = useState('')
  // A recorded result keeps its notes in the history; the next one starts without them.
  // "Schedule anyway?" closes once the inspection is recorded; a refusal shows in it.
  const [asking, setAsking] = useState(false)
  const [recorded, setRecorded] = useState(history.length)
  if (recorded !== history.length) {
    setRecorded(history.length)
    setNotes('')
    setAsking(false)
  }
  const [error, setError] = useState<string>()
  const unticked = checklist?.items.filter((item) => !item.checked) ?? []
  const heading = useRef<HTMLHeadingElement>(null)
  const recordedHere = useRef(false)
  const mine = (call: { name: string; slug?: string } | null | undefined) =>
    call?.name === 'recordInspection' && call.slug === slug
  const failure = calls.failure && mine(calls.failure.call) ? calls.failure : null
  const record = (outcome: InspectionOutcome, anyway = false) => {
    const checked = DateInput.safeParse(date)
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Enter a date')
      return
    }
    setError(undefined)
    if (outcome === 'scheduled' && !anyway && unticked.length > 0) {
      setAsking(true)
      return
    }
    recordedHere.current = true
    const body =
      outcome === 'scheduled' ? { status: outcome, date } : { status: outcome, date, notes }
    calls.run({ name: 'recordInspection', slug, body })
  }
  // A result is dated the day it took place: one not yet come here would be refused.
  const checkedDate = DateInput.safeParse(date)
  const hasCome = !checkedDate.success || checkedDate.data <= today
  const badge = inspectionStatus(status)
  const open = status === 'ready' || status === 'scheduled' || status === 'failed'
  const { pending } = calls
  const saving =
    pending?.name === 'recordInspection' && pending.slug === slug ? pending.body.status : null
  const id = `inspection-${slug}`
  // A result recorded here takes its buttons away with the form: focus goes to the card's title
  // rather than the page's body.
  useEffect(() => {
    if (pending || !recordedHere.current) return
    recordedHere.current = false
    if (document.activeElement === document.body) heading.current?.focus()
  }, [pending, status])
  return (
    <section id={id} className="inspection" aria-labelledby={`${id}-title`}>
      <header className="inspection-head">
        <h3 id={`${id}-title`} ref={heading} tabIndex={-1}>
          {title}
        </h3>
        <Badge tone={badge.tone}>{badge.label}</Badge>
      </header>
      {inspection.date && status !== 'ready' && (
        <p>
          {OUTCOME_WORDS[status as InspectionOutcome]} {formatDate(inspection.date)}
          {inspection.notes ? ` — ${inspection.notes}` : ''}
        </p>
      )}
      {status === 'waiting' && (
        <p className="inspection-hint">It can be booked once the work before it is done.</p>
      )}
      {checklist && <InspectionChecklist checklist={checklist} />}
      {open && (
        <div className="inspection-form">
          <TextField
            id={`${id}-date`}
            label="Inspection date"
            type="date"
            value={date}
            onChange={setDate}
            error={error ?? failure?.fields.date?.[0]}
          />
          <BusyButton
            type="button"
            variant="secondary"
            busy={saving === 'scheduled'}
            busyLabel="Saving…"
            disabled={calls.pending !== null}
            onClick={() => record('scheduled')}
          >
            Schedule inspection
          </BusyButton>
          {status === 'scheduled' && !hasCome && (
            <p className="inspection-hint inspection-wide">
              You can record the result from {formatDate(date)}. Done earlier? Change the inspection
              date.
            </p>
          )}
          {status === 'scheduled' && hasCome && (
            <>
              <div className="inspection-wide">
                <TextAreaField
                  id={`${id}-notes`}
                  label="Notes"
                  value={notes}
                  onChange={setNotes}
                  maxLength={2000}
                  rows={3}
                />
              </div>
              <div className="inspection-outcomes">
                <BusyButton
                  type="button"
                  busy={saving === 'passed'}
                  busyLabel="Saving…"
                  disabled={calls.pending !== null}
                  onClick={() => record('passed')}
                >
                  Passed
                </BusyButton>
                <BusyButton
                  type="button"
                  variant="danger"
                  busy={saving === 'failed'}
                  busyLabel="Saving…"
                  disabled={calls.pending !== null}
                  onClick={() => record('failed')}
                >
                  Failed
                </BusyButton>
              </div>
            </>
          )}
          {!failure?.fields.date && <FieldAlert message={failure?.message} />}
        </div>
      )}
      {history.length > 0 && (
        <details className="inspection-history">
          <summary>History ({history.length})</summary>
          <ol>
            {history.map((event, index) => (
              <li key={index}>
                {OUTCOME_WORDS[event.status]} {formatDate(event.date)}
                {event.notes ? ` — ${event.notes}` : ''}
                {event.checklist && <CheckedList items={event.checklist} />}
              </li>
            ))}
          </ol>
        </details>
      )}
      {asking && (
        <ScheduleAnyway
          unticked={unticked}
          busy={saving === 'scheduled'}
          problem={failure?.message}
          onSchedule={() => record('scheduled', true)}
          onClose={() => setAsking(false)}
        />
      )}
    </section>
  )
}

/** What a passed or failed entry kept of the checklist: the items ticked, of how many. */
function CheckedList({ items }: { items: CheckedItem[] }) {
  const ticked = items.filter((item) => item.checked)
  return (
    <div className="inspection-checked">
      <span>
        {ticked.length} of {items.length} checklist items ticked
        {ticked.length > 0 ? ':' : ''}
      </span>
      {ticked.length > 0 && (
        <ul>
          {ticked.map((item) => (
            <li key={item.itemId}>{item.text}</li>
          ))}
        </ul>
      )}
    </div>
  )
}
