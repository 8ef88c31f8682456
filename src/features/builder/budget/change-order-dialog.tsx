import { ChangeOrderBody, type MoneyStep } from '../../../../contract/money'
import { FormDialog } from '../../../components/form/form-dialog'
import { useContractForm } from '../../../components/form/use-contract-form'
import { TextField } from '../../../components/text-field'
import { readDollars } from '../../../lib/money'
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
  const form = useContractForm(
    ChangeOrderBody,
    useFormCall((c) => c.name === 'addChangeOrder' && c.body.step === step.step, onClose),
    {
      initial: { description: '', amount: '' },
      toBody: (values) => {
        const cents = readSignedDollars(values.amount)
        return { ...values, step: step.step, amount: typeof cents === 'number' ? cents : 0 }
      },
      check: (values) => {
        const cents = readSignedDollars(values.amount)
        return typeof cents === 'number' ? {} : { amount: cents.error }
      },
      missing: { description: 'Say what changes' },
      toCall: (body) => ({ name: 'addChangeOrder' as const, body }),
    },
  )
  return (
    <FormDialog
      title={`Add change order — ${step.title}`}
      form={form}
      className="money-form"
      submitLabel="Add change order"
      busyLabel="Adding…"
      onClose={onClose}
    >
      <TextField
        {...form.field('description')}
        label="Description"
        hint="What changes in the work"
      />
      <TextField
        {...form.field('amount')}
        label="Amount"
        hint="In dollars; a minus sign for a credit, e.g. -250"
        inputMode="decimal"
      />
    </FormDialog>
  )
}
