import { useId } from 'react'
import {
  outOfRange,
  STARTUP_READING_KEYS,
  STARTUP_READINGS,
  StartupDayBody,
  type StartupDay,
  type StartupReading,
} from '../../../../contract/passport'
import { FieldError } from '../../../components/form/field-frame'
import type { FieldProps } from '../../../components/form/field-props'
import { useContractForm } from '../../../components/form/use-contract-form'
import { formatShortDate } from '../timeline-dates'
import { HeldView } from '../held-view'
import { useFormCall } from '../use-form-call'
import { useStartupLog } from './use-passport'
import './startup-log.css'

/** A reading as typed: empty is "not measured", anything else is for the contract to check. */
const readingOf = (text: string) => (text.trim() === '' ? null : Number(text.trim()))

/** "7.4–7.6", "1–3 ppm": the range a reading should fall in. */
export function targetText(key: StartupReading) {
  const { target, unit } = STARTUP_READINGS[key]
  return `${target[0]}–${target[1]}${unit ? ` ${unit}` : ''}`
}

/**
 * The start-up log (PRODUCT.md §17): a row per day of the pool's first 28, the target of each
 * reading in the header and a reading outside it marked. Each row is saved with its own button,
 * so the readings typed across a row go in one call. The Pool Startup page and the passport
 * show the same table.
 */
export function StartupLogSection() {
  const id = useId()
  const log = useStartupLog()
  return (
    <section className="startup-log" aria-labelledby={`${id}-title`} id="startup-log">
      <h2 id={`${id}-title`}>Start-up log</h2>
      <p className="startup-log-lead">
        Test and brush the new surface every day for its first 28 days. The header shows each
        reading’s target; a value outside it is marked so you know what to balance.
      </p>
      <HeldView
        held={log}
        failedTitle="The start-up log did not load"
        loadingLabel="Loading the start-up log"
      >
        {(days) => <StartupLogTable days={days} />}
      </HeldView>
    </section>
  )
}

function StartupLogTable({ days }: { days: StartupDay[] }) {
  return (
    <div className="startup-log-scroll" role="region" aria-label="Start-up readings" tabIndex={0}>
      <table className="startup-log-table">
        <thead>
          <tr>
            <th scope="col">Day</th>
            {STARTUP_READING_KEYS.map((key) => (
              <th key={key} scope="col">
                {STARTUP_READINGS[key].label}
                <span className="startup-target">
                  Target <span className="startup-range">{targetText(key)}</span>
                </span>
              </th>
            ))}
            <th scope="col">Brushed</th>
            <th scope="col">Note</th>
            <th scope="col">
              <span className="visually-hidden">Save</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <StartupDayRow key={day.day} day={day} />
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** A day as its row's fields hold it. */
function valuesOf(day: StartupDay) {
  const text = (value: number | null) => (value === null ? '' : String(value))
  return {
    ph: text(day.ph),
    freeChlorine: text(day.freeChlorine),
    alkalinity: text(day.alkalinity),
    calcium: text(day.calcium),
    cya: text(day.cya),
    brushed: day.brushed,
    note: day.note,
  }
}
type DayValues = ReturnType<typeof valuesOf>

/** Whether a row holds something the server does not have yet. */
const changed = (values: DayValues, day: StartupDay) =>
  STARTUP_READING_KEYS.some((key) => readingOf(values[key]) !== day[key]) ||
  values.brushed !== day.brushed ||
  values.note.trim() !== day.note

function StartupDayRow({ day }: { day: StartupDay }) {
  const formId = useId()
  const n = day.day
  const form = useContractForm(
    StartupDayBody,
    useFormCall((call) => call.name === 'setStartupDay' && call.day === String(n)),
    {
      initial: () => valuesOf(day),
      toBody: (values: DayValues) => ({
        ...Object.fromEntries(STARTUP_READING_KEYS.map((key) => [key, readingOf(values[key])])),
        brushed: values.brushed,
        note: values.note.trim(),
      }),
      toCall: (body) => ({ name: 'setStartupDay' as const, day: String(n), body }),
    },
  )
  const brushed = form.field('brushed')
  const note = form.field('note')
  return (
    <tr>
      <th scope="row">
        <span className="startup-day">Day {n}</span>{' '}
        <span className="startup-date">{day.date ? formatShortDate(day.date) : '—'}</span>
      </th>
      {STARTUP_READING_KEYS.map((key) => (
        <td key={key}>
          <ReadingInput field={form.field(key)} formId={formId} reading={key} day={n} />
        </td>
      ))}
      <td className="startup-brushed">
        <input
          type="checkbox"
          id={brushed.id}
          form={formId}
          aria-label={`Brushed, day ${n}`}
          checked={brushed.value}
          onChange={(event) => brushed.onChange(event.target.checked)}
        />
      </td>
      <td>
        <input
          id={note.id}
          form={formId}
          className="field-input startup-note"
          aria-label={`Note, day ${n}`}
          value={note.value}
          maxLength={500}
          onChange={(event) => note.onChange(event.target.value)}
          aria-invalid={note.error ? true : undefined}
          aria-describedby={note.error ? `${note.id}-error` : undefined}
        />
        <FieldError id={note.id} error={note.error} />
        {form.failure && Object.keys(form.failure.fields).length === 0 && (
          <p className="field-error" role="alert">
            {form.failure.message}
          </p>
        )}
      </td>
      <td>
        <form id={formId} onSubmit={form.submit} noValidate>
          <button
            type="submit"
            className="button button-secondary button-small"
            aria-label={`Save day ${n}`}
            disabled={!changed(form.values, day) || form.blocked}
          >
            {form.busy ? 'Saving…' : 'Save'}
          </button>
        </form>
      </td>
    </tr>
  )
}

type ReadingInputProps = {
  field: FieldProps<string>
  formId: string
  reading: StartupReading
  day: number
}

/** One reading of a day; outside its target it is marked, in colour and in words. */
function ReadingInput({ field, formId, reading, day }: ReadingInputProps) {
  const text = field.value
  const value = readingOf(text)
  // A value the contract refuses says so instead: its error is what to fix.
  const off = !field.error && value !== null && Number.isFinite(value) && outOfRange(reading, value)
  const describedBy = [field.error && `${field.id}-error`, off && `${field.id}-range`]
  return (
    <>
      <input
        id={field.id}
        form={formId}
        className={off ? 'field-input startup-input startup-off' : 'field-input startup-input'}
        aria-label={`${STARTUP_READINGS[reading].label}, day ${day}`}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={(event) => field.onChange(event.target.value)}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={describedBy.filter(Boolean).join(' ') || undefined}
      />
      {off && (
        <span id={`${field.id}-range`} className="startup-off-note">
          Out of range
        </span>
      )}
      <FieldError id={field.id} error={field.error} />
    </>
  )
}
