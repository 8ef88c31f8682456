import { useState, type FormEvent } from 'react'
import { MAX_DURATION_DAYS, MAX_WAIT_DAYS, StepSlug } from '../../../contract/construction'
import type { ScheduleRow } from '../../../contract'
import type { AdminActor, AdminMachineContext } from '../../../machines/admin/admin.machine'
import { BusyButton } from '../../components/busy-button'
import { errorProps, FieldError } from '../../components/form/field-frame'
import { SectionPage } from './section-page'
import { useAdminState, useAdminWrites } from './use-admin'

const selectSchedule = (context: AdminMachineContext) => context.Schedule

const LIMITS = {
  durationDays: { max: MAX_DURATION_DAYS, what: 'A duration' },
  waitDays: { max: MAX_WAIT_DAYS, what: 'A wait' },
} as const
type Field = keyof typeof LIMITS

/** The whole number a field holds, or why it cannot be sent (checked as the server does). */
function readDays(field: Field, text: string): number | string {
  const { max, what } = LIMITS[field]
  const days = Number(text)
  if (text.trim() === '' || !Number.isInteger(days) || days < 0 || days > max) {
    return `${what} is a whole number of days from 0 to ${max}.`
  }
  return days
}

/** /admin/schedule: every step's duration and wait, edited in place (PRODUCT.md §9). */
export function ScheduleSection({ actor }: { actor: AdminActor }) {
  const rows = useAdminState(actor, selectSchedule)
  return (
    <SectionPage
      actor={actor}
      title="Schedule"
      lede="How long each step takes in working days, and how many calendar days its followers wait. A change re-plans every client's forecast, not their baseline."
    >
      <div className="table-scroll" role="region" aria-labelledby="schedule-caption" tabIndex={0}>
        <table className="schedule-table">
          <caption id="schedule-caption">Durations and waits by step</caption>
          <thead>
            <tr>
              <th scope="col">Step</th>
              <th scope="col">Duration (working days)</th>
              <th scope="col">Wait (calendar days)</th>
              <th scope="col">
                <span className="visually-hidden">Save</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={4}>No schedule loaded yet.</td>
              </tr>
            ) : (
              rows.map((row) => <ScheduleRowForm key={row.step} actor={actor} row={row} />)
            )}
          </tbody>
        </table>
      </div>
    </SectionPage>
  )
}

function ScheduleRowForm({ actor, row }: { actor: AdminActor; row: ScheduleRow }) {
  const { busy, failure, request } = useAdminWrites(actor)
  const [values, setValues] = useState({
    durationDays: String(row.durationDays),
    waitDays: String(row.waitDays),
  })
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [saved, setSaved] = useState(false)
  const ours =
    failure?.call.name === 'editSchedule' && failure.call.step === row.step ? failure : null
  const formId = `schedule-${row.step}`
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const durationDays = readDays('durationDays', values.durationDays)
    const waitDays = readDays('waitDays', values.waitDays)
    const found = {
      ...(typeof durationDays === 'string' ? { durationDays } : {}),
      ...(typeof waitDays === 'string' ? { waitDays } : {}),
    }
    setErrors(found)
    setSaved(false)
    // The fetched row's step is checked as a string only (contract/api.ts): checked here.
    const step = StepSlug.safeParse(row.step)
    if (typeof durationDays === 'string' || typeof waitDays === 'string' || !step.success) return
    request({ name: 'editSchedule', step: step.data, body: { durationDays, waitDays } }, () =>
      setSaved(true),
    )
  }
  const cell = (field: Field, label: string) => {
    const id = `${formId}-${field}`
    const error = errors[field] ?? ours?.fields[field]?.[0]
    return (
      <td>
        <label className="visually-hidden" htmlFor={id}>
          {label} for {row.title}
        </label>
        <input
          id={id}
          form={formId}
          className="field-input schedule-input"
          inputMode="numeric"
          value={values[field]}
          onChange={(event) => setValues({ ...values, [field]: event.target.value })}
          {...errorProps(id, error)}
        />
        <FieldError id={id} error={error} />
      </td>
    )
  }
  return (
    <tr>
      <th scope="row">{row.title}</th>
      {cell('durationDays', 'Duration')}
      {cell('waitDays', 'Wait')}
      <td>
        <form id={formId} onSubmit={submit} noValidate>
          <BusyButton
            type="submit"
            variant="secondary"
            busy={false}
            busyLabel="Saving…"
            disabled={busy}
          >
            Save <span className="visually-hidden">{row.title}</span>
          </BusyButton>
        </form>
        <p className="schedule-status" role="status">
          {saved
            ? 'Saved'
            : ours && !ours.fields.durationDays && !ours.fields.waitDays
              ? ours.message
              : ''}
        </p>
      </td>
    </tr>
  )
}
