import { PaymentBody, PaymentMethod, type Draw } from '../../../../contract/money'
import { paymentTooLargeMessage } from '../../../../contract/money-rules'
import { FormDialog } from '../../../components/form/form-dialog'
import { SelectField } from '../../../components/form/select-field'
import { useContractForm } from '../../../components/form/use-contract-form'
import { TextField } from '../../../components/text-field'
import { formatMoney, readDollars } from '../../../lib/money'
import { useToday } from '../../../app/clock'
import { METHOD_WORDS } from './money-words'
import { useFormCall } from '../use-form-call'

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
  const owed = draw.amount - draw.paid
  const today = useToday()
  const form = useContractForm(
    PaymentBody,
    useFormCall((c) => c.name === 'recordPayment' && c.id === draw.id, onClose),
    {
      initial: {
        amount: (owed / 100).toFixed(2),
        paidOn: today(),
        method: 'check',
        reference: '',
      },
      toBody: (values) => {
        const amount = readDollars(values.amount, '')
        return {
          ...values,
          amount: typeof amount === 'number' ? amount : 0,
          reference: values.reference.trim() || undefined,
        }
      },
      check: (values) => {
        const amount = readDollars(values.amount, 'e.g. 500')
        if (typeof amount !== 'number') return { amount: amount.error }
        return amount > owed ? { amount: paymentTooLargeMessage(draw.label, owed) } : {}
      },
      toCall: (body) => ({ name: 'recordPayment' as const, id: draw.id, body }),
    },
  )

  return (
    <FormDialog
      title={`Record payment — ${stepTitle}, ${draw.label}`}
      form={form}
      className="money-form"
      submitLabel="Record payment"
      busyLabel="Recording…"
      onClose={onClose}
      lead={
        <p>
          {formatMoney(draw.amount)} due, {formatMoney(draw.paid)} paid, {formatMoney(owed)} still
          owed.
        </p>
      }
    >
      <TextField {...form.field('amount')} label="Amount" hint="In dollars" inputMode="decimal" />
      <TextField {...form.field('paidOn')} label="Paid on" type="date" />
      <SelectField {...form.field('method')} label="Method">
        {PaymentMethod.options.map((method) => (
          <option key={method} value={method}>
            {METHOD_WORDS[method]}
          </option>
        ))}
      </SelectField>
      <TextField
        {...form.field('reference')}
        label="Reference"
        hint="Optional: a check or transfer number"
      />
    </FormDialog>
  )
}
