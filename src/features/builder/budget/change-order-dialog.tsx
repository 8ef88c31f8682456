import { useId, useState, type FormEvent } from 'react'
import { ChangeOrderBody, type MoneyStep } from '../../../../contract/money'
import { issuesByField, type FieldErrors } from '../../../components/form-errors'
import { DialogActions, ModalDialog } from '../../../components/modal-dialog'
import { TextField } from '../../../components/text-field'
import { readDollars } from '../../../lib/money'
import { fieldError } from '../use-client'
import { useFormCall } from '../use-form-call'

/** A signed amount in dollars ("-250", "−1,200.50", "800") as cents, or what to fix. */
export function readSignedDollars(text: string): number | { error: string } {
  const trimmed = text.trim()
  const negative = /^[-−]/.test(trimmed)
  const cents = readDollars(negative ? trimmed.slice(1) : trimmed, 'e.g. 800 or -250')
  return typeof cents === 'number' && negative ? -cents : cents
}

/** "Add change order": what changes in the contract and what it adds (+) or takes off (−). */
export function ChangeOrderDialog({ step, onClose }: { step: MoneyStep; onClose: () => void }) {
  const id = useId()
  const [description, setDescription] = useState('')
  const [amount, setAmount] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const call = useFormCall((c) => c.name === 'addChangeOrder' && c.body.step === step.step, onClose)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const cents = readSignedDollars(amount)
    const parsed = ChangeOrderBody.safeParse({
      step: step.step,
      description: description.trim(),
      amount: typeof cents === 'number' ? cents : 0,
    })
    const found = parsed.success
      ? {}
      : issuesByField(parsed.error, { description: 'Say what changes' })
    if (typeof cents !== 'number') found.amount = cents.error
    setErrors(found)
    if (parsed.success && typeof cents === 'number') {
      call.run({ name: 'addChangeOrder', body: parsed.data })
    }
  }
  const error = (field: string) => errors[field] ?? fieldError(call.failure, field)
  return (
    <ModalDialog title={`Add change order — ${step.title}`} onClose={onClose} busy={call.busy}>
      <form className="money-form" onSubmit={submit} noValidate>
        <TextField
          id={`${id}-description`}
          label="Description"
          hint="What changes in the work"
          value={description}
          onChange={setDescription}
          error={error('description')}
        />
        <TextField
          id={`${id}-amount`}
          label="Amount"
          hint="In dollars; a minus sign for a credit, e.g. -250"
          inputMode="decimal"
          value={amount}
          onChange={setAmount}
          error={error('amount')}
        />
        {call.failure && Object.keys(call.failure.fields).length === 0 && (
          <p className="field-error" role="alert">
            {call.failure.message}
          </p>
        )}
        <DialogActions
          busy={call.busy}
          busyLabel="Adding…"
          blocked={call.blocked}
          submitLabel="Add change order"
          onCancel={onClose}
        />
      </form>
    </ModalDialog>
  )
}
