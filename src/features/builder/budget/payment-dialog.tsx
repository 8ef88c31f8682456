import { useId, useState, type FormEvent } from 'react'
import { PaymentBody, PaymentMethod, type Draw } from '../../../../contract/money'
import { paymentTooLargeMessage } from '../../../../contract/money-rules'
import { issuesByField, type FieldErrors } from '../../../components/form-errors'
import { DialogActions, ModalDialog } from '../../../components/modal-dialog'
import { TextField } from '../../../components/text-field'
import { formatMoney, readDollars } from '../../../lib/money'
import { fieldError } from '../use-client'
import { METHOD_WORDS } from './money-words'
import { useFormCall } from '../use-form-call'

/** Today on the client's own calendar, as the date input wants it. */
function localToday(): string {
  const now = new Date()
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/**
 * "Record payment" for one draw: amount in dollars (what it still owes, to start with), the
 * day paid, the method and an optional reference such as a check number.
 */
export function PaymentDialog({
  draw,
  stepTitle,
  onClose,
}: {
  draw: Draw
  stepTitle: string
  onClose: () => void
}) {
  const id = useId()
  const owed = draw.amount - draw.paid
  const [values, setValues] = useState(() => ({
    amount: (owed / 100).toFixed(2),
    paidOn: localToday(),
    method: 'check',
    reference: '',
  }))
  const [errors, setErrors] = useState<FieldErrors>({})
  const call = useFormCall((c) => c.name === 'recordPayment' && c.id === draw.id, onClose)
  const set = (field: keyof typeof values) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const amount = readDollars(values.amount, 'e.g. 500')
    const body = {
      paidOn: values.paidOn,
      amount: typeof amount === 'number' ? amount : 0,
      method: values.method,
      reference: values.reference.trim() || undefined,
    }
    const parsed = PaymentBody.safeParse(body)
    const found: FieldErrors = parsed.success ? {} : issuesByField(parsed.error)
    if (typeof amount !== 'number') found.amount = amount.error
    else if (amount > owed) found.amount = paymentTooLargeMessage(draw.label, owed)
    setErrors(found)
    if (!parsed.success || Object.keys(found).length > 0) return
    call.run({ name: 'recordPayment', id: draw.id, body: parsed.data })
  }
  const error = (field: string) => errors[field] ?? fieldError(call.failure, field)
  const methodError = error('method')

  return (
    <ModalDialog
      title={`Record payment — ${stepTitle}, ${draw.label}`}
      onClose={onClose}
      busy={call.busy}
    >
      <p>
        {formatMoney(draw.amount)} due, {formatMoney(draw.paid)} paid, {formatMoney(owed)} still
        owed.
      </p>
      <form className="money-form" onSubmit={submit} noValidate>
        <TextField
          id={`${id}-amount`}
          label="Amount"
          hint="In dollars"
          inputMode="decimal"
          value={values.amount}
          onChange={set('amount')}
          error={error('amount')}
        />
        <TextField
          id={`${id}-paid-on`}
          label="Paid on"
          type="date"
          value={values.paidOn}
          onChange={set('paidOn')}
          error={error('paidOn')}
        />
        <div className="field">
          <label className="field-label" htmlFor={`${id}-method`}>
            Method
          </label>
          <select
            id={`${id}-method`}
            className="field-input"
            value={values.method}
            onChange={(event) => set('method')(event.target.value)}
            aria-invalid={methodError ? true : undefined}
            aria-describedby={methodError ? `${id}-method-error` : undefined}
          >
            {PaymentMethod.options.map((method) => (
              <option key={method} value={method}>
                {METHOD_WORDS[method]}
              </option>
            ))}
          </select>
          {methodError && (
            <p id={`${id}-method-error`} className="field-error">
              {methodError}
            </p>
          )}
        </div>
        <TextField
          id={`${id}-reference`}
          label="Reference"
          hint="Optional: a check or transfer number"
          value={values.reference}
          onChange={set('reference')}
          error={error('reference')}
        />
        {call.failure && Object.keys(call.failure.fields).length === 0 && (
          <p className="field-error" role="alert">
            {call.failure.message}
          </p>
        )}
        <DialogActions
          busy={call.busy}
          busyLabel="Recording…"
          blocked={call.blocked}
          submitLabel="Record payment"
          onCancel={onClose}
        />
      </form>
    </ModalDialog>
  )
}
