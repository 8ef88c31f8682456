import { useId, useState, type FormEvent } from 'react'
import { DrawDue, DrawInput, MAX_DRAWS, type MoneyStep } from '../../../../contract/money'
import { drawsShortBy, drawsSumMessage } from '../../../../contract/money-rules'
import { issuesByField, type FieldErrors } from '../../../components/form-errors'
import { FormDialog } from '../../../components/form/form-dialog'
import { SelectField } from '../../../components/form/select-field'
import { TextField } from '../../../components/text-field'
import { formatMoney, parseDollars, readDollars } from '../../../lib/money'
import { DUE_WORDS } from './money-words'
import { useFormCall } from '../use-form-call'
import { FieldAlert } from '../../../components/form/field-alert'

/** `drawId`: the existing draw a row edits; a row added here has none. */
type Row = { key: number; drawId?: string; label: string; amount: string; due: DrawDue }

/** What the typed rows add up to, counting an amount not yet readable as $0. */
const typedAmounts = (rows: readonly Row[]) =>
  rows.map((row) => ({ amount: parseDollars(row.amount) ?? 0 }))

/**
 * "Edit draws": the payment plan of one contract as rows of label, amount and when it is due.
 * The difference from the committed cost shows as the amounts are typed, and a plan that does
 * not add up is not sent. Each existing row is sent with its draw's id, so that draw keeps its
 * payments and lien waiver however the rows are renamed or removed.
 */
export function DrawsDialog({ step, onClose }: { step: MoneyStep; onClose: () => void }) {
  const id = useId()
  const [rows, setRows] = useState<Row[]>(() =>
    step.draws.map((draw, key) => ({
      key,
      drawId: draw.id,
      label: draw.label,
      amount: (draw.amount / 100).toFixed(2),
      due: draw.due,
    })),
  )
  const [nextKey, setNextKey] = useState(step.draws.length)
  const [errors, setErrors] = useState<Record<number, FieldErrors>>({})
  const [sumError, setSumError] = useState<string | null>(null)
  const call = useFormCall((c) => c.name === 'setDraws' && c.body.step === step.step, onClose)
  const shortBy = drawsShortBy(typedAmounts(rows), step.committed)

  const change = (key: number, change: Partial<Row>) => {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)))
    setSumError(null)
  }
  /** A row's typed field, spread on its control as `form.field` is in the other forms. */
  const rowField = (row: Row, name: 'label' | 'amount') => ({
    id: `${id}-${row.key}-${name}`,
    value: row[name],
    onChange: (value: string) => change(row.key, { [name]: value }),
    error: errors[row.key]?.[name],
  })
  const add = () => {
    setRows((current) => [...current, { key: nextKey, label: '', amount: '', due: 'done' }])
    setNextKey(nextKey + 1)
  }
  const remove = (key: number) => setRows((current) => current.filter((row) => row.key !== key))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found: Record<number, FieldErrors> = {}
    const draws: DrawInput[] = []
    for (const row of rows) {
      const amount = readDollars(row.amount, 'e.g. 1,000')
      const parsed = DrawInput.safeParse({
        id: row.drawId,
        label: row.label.trim(),
        amount: typeof amount === 'number' ? amount : 0,
        due: row.due,
      })
      const rowErrors = parsed.success
        ? {}
        : issuesByField(parsed.error, { label: 'Name the draw' })
      if (typeof amount !== 'number') rowErrors.amount = amount.error
      if (Object.keys(rowErrors).length > 0) found[row.key] = rowErrors
      else if (parsed.success) draws.push(parsed.data)
    }
    setErrors(found)
    const wrongSum = shortBy === 0 ? null : drawsSumMessage(shortBy, step.committed)
    setSumError(wrongSum)
    if (Object.keys(found).length > 0 || wrongSum) return
    call.run({ name: 'setDraws', body: { step: step.step, draws } })
  }
  const serverSum = call.failure && (call.failure.fields.draws?.[0] ?? call.failure.message)

  return (
    <FormDialog
      title={`Edit draws — ${step.title}`}
      form={{ ...call, submit }}
      className="money-form draws-form"
      submitLabel="Save draws"
      onClose={onClose}
      lead={<p>The draws must add up to the {formatMoney(step.committed)} committed.</p>}
      problem={<FieldAlert message={sumError ?? serverSum} />}
    >
      {rows.map((row, index) => (
        <fieldset key={row.key} className="draw-row">
          <legend>Draw {index + 1}</legend>
          <TextField {...rowField(row, 'label')} label="Label" />
          <TextField
            {...rowField(row, 'amount')}
            label="Amount"
            hint="In dollars"
            inputMode="decimal"
          />
          <SelectField
            id={`${id}-${row.key}-due`}
            label="Due"
            value={row.due}
            onChange={(value) => {
              const due = DrawDue.safeParse(value)
              if (due.success) change(row.key, { due: due.data })
            }}
          >
            {DrawDue.options.map((due) => (
              <option key={due} value={due}>
                {DUE_WORDS[due]}
              </option>
            ))}
          </SelectField>
          {rows.length > 1 && (
            <button
              type="button"
              className="button button-danger-quiet button-small"
              onClick={() => remove(row.key)}
            >
              Remove draw {index + 1}
            </button>
          )}
        </fieldset>
      ))}
      {rows.length < MAX_DRAWS && (
        <button type="button" className="button button-secondary button-small" onClick={add}>
          Add a draw
        </button>
      )}
      <p className={shortBy === 0 ? 'draws-sum' : 'draws-sum draws-sum-off'} role="status">
        {shortBy === 0
          ? `The draws add up to the ${formatMoney(step.committed)} committed`
          : drawsSumMessage(shortBy, step.committed)}
      </p>
    </FormDialog>
  )
}
