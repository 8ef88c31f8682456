import { useMemo, useState, type FormEvent } from 'react'
import { MAX_DURATION_DAYS, MAX_WAIT_DAYS, StepSlug } from '../../../contract/construction'
import type { ScheduleRow } from '../../../contract'
import type { AdminActor, AdminMachineContext } from '../../../machines/admin/admin.machine'
import { BusyButton } from '../../components/busy-button'
import { errorProps, FieldError } from '../../components/form/field-frame'
import type { Column } from './columns'
import { DataTable } from './data-table'
import { SectionPage } from './section-page'
import { useAdminState, useAdminWrites } from './use-admin'

const selectSchedule = (context: AdminMachineContext) => context.Schedule

const LIMITS = {
  durationDays: { max: MAX_DURATION_DAYS, what: 'A duration', label: 'Duration' },
  waitDays: { max: MAX_WAIT_DAYS, what: 'A wait', label: 'Wait' },
} as const
type Field = keyof typeof LIMITS

/** A step's row, keyed by its step as the table keys rows by id. */
type Step = ScheduleRow & { id: string }

/** What is typed in one row, and what is wrong with it. */
type Draft = { values: Partial<Record<Field, string>>; errors: Partial<Record<Field, string>> }

/** The whole number a field holds, or why it cannot be sent (checked as the server does). */
function readDays(field: Field, text: string): number | string {
  const { max, what } = LIMITS[field]
  const days = Number(text)
  if (text.trim() === '' || !Number.isInteger(days) || days < 0 || days > max) {
    return `${what} is a whole number of days from 0 to ${max}.`
  }
  return days
}

const formIdOf = (row: ScheduleRow) => `schedule-${row.step}`

/**
 * The rows' forms: each row's fields and its Save button sit in different cells of the table,
 * so what is typed, the errors and "Saved" are kept here, by step.
 */
function useScheduleForms(actor: AdminActor) {
  const { busy, failure, request } = useAdminWrites(actor)
  const [drafts, setDrafts] = useState<Record<string, Draft>>({})
  const [saved, setSaved] = useState<ReadonlySet<string>>(new Set())
  const draftOf = (row: ScheduleRow): Draft => drafts[row.step] ?? { values: {}, errors: {} }
  const change = (row: ScheduleRow, draft: Draft) =>
    setDrafts((current) => ({ ...current, [row.step]: draft }))
  const markSaved = (row: ScheduleRow, done: boolean) =>
    setSaved((current) => {
      const next = new Set(current)
      if (done) next.add(row.step)
      else next.delete(row.step)
      return next
    })
  const refusalOf = (row: ScheduleRow) =>
    failure?.call.name === 'editSchedule' && failure.call.step === row.step ? failure : null
  const valueOf = (row: ScheduleRow, field: Field) =>
    draftOf(row).values[field] ?? String(row[field])

  return {
    busy,
    valueOf,
    errorOf: (row: ScheduleRow, field: Field) =>
      draftOf(row).errors[field] ?? refusalOf(row)?.fields[field]?.[0],
    edit: (row: ScheduleRow, field: Field, text: string) => {
      const draft = draftOf(row)
      change(row, { ...draft, values: { ...draft.values, [field]: text } })
    },
    statusOf: (row: ScheduleRow) => {
      const refused = refusalOf(row)
      if (saved.has(row.step)) return 'Saved'
      return refused && !refused.fields.durationDays && !refused.fields.waitDays
        ? refused.message
        : ''
    },
    submit: (row: ScheduleRow) => (event: FormEvent) => {
      event.preventDefault()
      const durationDays = readDays('durationDays', valueOf(row, 'durationDays'))
      const waitDays = readDays('waitDays', valueOf(row, 'waitDays'))
      const errors = {
        ...(typeof durationDays === 'string' ? { durationDays } : {}),
        ...(typeof waitDays === 'string' ? { waitDays } : {}),
      }
      change(row, { ...draftOf(row), errors })
      markSaved(row, false)
      // The fetched row's step is checked as a string only (contract/api.ts): checked here.
      const step = StepSlug.safeParse(row.step)
      if (typeof durationDays === 'string' || typeof waitDays === 'string' || !step.success) return
      request({ name: 'editSchedule', step: step.data, body: { durationDays, waitDays } }, () =>
        markSaved(row, true),
      )
    },
  }
}
type ScheduleForms = ReturnType<typeof useScheduleForms>

/** A number of days, sorted, searched and exported as the saved number, edited in place. */
const daysColumn = (forms: ScheduleForms, field: Field, header: string): Column<Step> => ({
  key: field,
  header,
  value: (row) => row[field],
  numeric: true,
  render: (row) => {
    const id = `${formIdOf(row)}-${field}`
    const error = forms.errorOf(row, field)
    return (
      <>
        <label className="visually-hidden" htmlFor={id}>
          {LIMITS[field].label} for {row.title}
        </label>
        <input
          id={id}
          form={formIdOf(row)}
          className="field-input schedule-input"
          inputMode="numeric"
          value={forms.valueOf(row, field)}
          onChange={(event) => forms.edit(row, field, event.target.value)}
          {...errorProps(id, error)}
        />
        <FieldError id={id} error={error} />
      </>
    )
  },
})

const stepColumn: Column<Step> = { key: 'step', header: 'Step', value: (row) => row.title }

/** /admin/schedule: every step's duration and wait, edited in place (PRODUCT.md §9). */
export function ScheduleSection({ actor }: { actor: AdminActor }) {
  const schedule = useAdminState(actor, selectSchedule)
  const rows = useMemo(() => schedule.map((row) => ({ ...row, id: row.step })), [schedule])
  const forms = useScheduleForms(actor)
  const columns = [
    stepColumn,
    daysColumn(forms, 'durationDays', 'Duration (working days)'),
    daysColumn(forms, 'waitDays', 'Wait (calendar days)'),
  ]
  return (
    <SectionPage
      actor={actor}
      title="Schedule"
      lede="How long each step takes in working days, and how many calendar days its followers wait. A change re-plans every client's forecast, not their baseline."
    >
      <DataTable
        caption="Durations and waits by step"
        rows={rows}
        columns={columns}
        csvName="schedule"
        emptyText="No schedule loaded yet."
        actions={(row) => (
          <form id={formIdOf(row)} onSubmit={forms.submit(row)} noValidate>
            <BusyButton
              type="submit"
              variant="secondary"
              busy={false}
              busyLabel="Saving…"
              disabled={forms.busy}
            >
              Save <span className="visually-hidden">{row.title}</span>
            </BusyButton>
            <p className="schedule-status" role="status">
              {forms.statusOf(row)}
            </p>
          </form>
        )}
      />
    </SectionPage>
  )
}
