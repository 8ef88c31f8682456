import { useState, type FormEvent } from 'react'
import { QUOTE_LIMITS } from '../../../../contract/api-client'
import { readDollars } from '../../../lib/money'
import { BusyButton } from '../../../components/busy-button'
import { TextField } from '../../../components/text-field'
import { fieldError, useCallFor } from '../use-client'
import type { StepView } from '../steps/use-step'

type Errors = { vendor?: string; amount?: string; note?: string }

const EMPTY = { vendor: '', amount: '', note: '' }

function check(values: typeof EMPTY): Errors {
  const errors: Errors = {}
  if (values.vendor.trim() === '') errors.vendor = 'Enter who quoted'
  else if (values.vendor.trim().length > QUOTE_LIMITS.vendor)
    errors.vendor = `Use at most ${QUOTE_LIMITS.vendor} characters`
  const amount = readDollars(values.amount, 'e.g. 8,500')
  if (typeof amount !== 'number') errors.amount = amount.error
  if (values.note.trim().length > QUOTE_LIMITS.note)
    errors.note = `Use at most ${QUOTE_LIMITS.note} characters`
  return errors
}

/** Records a subcontractor's quote for the step: vendor, amount in dollars, an optional note. */
export function QuoteForm({ view, full }: { view: StepView; full: boolean }) {
  const name = 'StageId' in view.key ? 'addQuote' : 'addQuote1'
  const calls = useCallFor(name, view.keyValue)
  const [values, setValues] = useState(EMPTY)
  const [errors, setErrors] = useState<Errors>({})
  const [sent, setSent] = useState(false)
  // The form clears once the quote it sent is in the list; a refusal keeps what was typed.
  if (sent && !calls.busy) {
    setSent(false)
    if (!calls.failure) setValues(EMPTY)
  }

  const set = (field: keyof typeof EMPTY) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = check(values)
    setErrors(found)
    const amount = readDollars(values.amount, '')
    if (Object.keys(found).length > 0 || typeof amount !== 'number') return
    const quote = { vendor: values.vendor.trim(), amount, note: values.note.trim() }
    calls.run(
      'StageId' in view.key
        ? { name: 'addQuote', body: { StageId: view.key.StageId, ...quote } }
        : { name: 'addQuote1', body: { Title: view.key.Title, ...quote } },
    )
    setSent(true)
  }
  const error = (field: keyof Errors) => errors[field] ?? fieldError(calls.failure, field)

  return (
    <form className="quote-form" onSubmit={submit} noValidate aria-label="Add a quote">
      <div className="quote-form-fields">
        <TextField
          id="quote-vendor"
          label="Vendor"
          hint="Who quoted"
          value={values.vendor}
          onChange={set('vendor')}
          autoComplete="organization"
          error={error('vendor')}
        />
        <TextField
          id="quote-amount"
          label="Amount"
          hint="In dollars"
          inputMode="decimal"
          value={values.amount}
          onChange={set('amount')}
          error={error('amount')}
        />
        <TextField
          id="quote-note"
          label="Note"
          hint="Optional: what it includes"
          value={values.note}
          onChange={set('note')}
          error={error('note')}
        />
      </div>
      {/* Once the form's own check finds something, the last refusal is out of date. */}
      {calls.failure && Object.keys(errors).length === 0 && (
        <p className="field-error" role="alert">
          {calls.failure.message}
        </p>
      )}
      <BusyButton
        type="submit"
        busy={calls.busy}
        busyLabel="Adding…"
        disabled={calls.pending !== null || full}
      >
        Add quote
      </BusyButton>
    </form>
  )
}
