import { isWaiverRequired, PaymentBody, PaymentMethod, type Draw } from '../../../../contract/money'
import { waiverFormsOf } from '../../../../contract/waiver-forms'
import { FieldAlert } from '../../../components/form/field-alert'
import { paymentTooLargeMessage } from '../../../../contract/money-rules'
import { FormDialog } from '../../../components/form/form-dialog'
import { SelectField } from '../../../components/form/select-field'
import { useContractForm } from '../../../components/form/use-contract-form'
import { TextField } from '../../../components/text-field'
import { formatMoney, readDollars } from '../../../lib/money'
import { useToday } from '../../../app/clock'
import { METHOD_WORDS } from './money-words'
import { useFormCall } from '../use-form-call'
import { WaiverFormLink } from './waiver-links'

/**
 * "Record payment" for one draw: amount in dollars (what its trade's open payment requests ask,
 * else what it still owes, to start with), the day paid, the method and an optional reference
 * such as a check number. A trade's draw without its conditional waivers is refused
 * (WAIVER_REQUIRED): the dialog says who is missing, links the form to send them, and offers
 * to pay anyway.
 */
export function PaymentDialog({
  draw,
  amount = null,
  stepTitle,
  final,
  onClose,
}: {
  draw: Draw
  amount?: number | null
  stepTitle: string
  /** The step's last draw. */
  final: boolean
  onClose: () => void
}) {
  const owed = draw.amount - draw.paid
  const today = useToday()
  const call = useFormCall((c) => c.name === 'recordPayment' && c.id === draw.id, onClose)
  const form = useContractForm(PaymentBody, call, {
    initial: {
      amount: ((amount ?? owed) / 100).toFixed(2),
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
  })

  return (
    <FormDialog
      title={`Record payment — ${stepTitle}, ${draw.label}`}
      form={form}
      className="money-form"
      submitLabel="Record payment"
      busyLabel="Recording…"
      onClose={onClose}
      problem={
        form.failure && isWaiverRequired(form.failure.fields) ? (
          <WaiverRequired
            message={form.failure.message}
            drawId={draw.id}
            final={final}
            busy={call.blocked}
            onPayAnyway={() => {
              const refused = call.failure?.call
              if (refused?.name === 'recordPayment')
                call.run({ ...refused, body: { ...refused.body, acknowledge: true } })
            }}
          />
        ) : undefined
      }
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

/** Why the payment was refused, the form to ask for, and the way past it. */
function WaiverRequired({
  message,
  drawId,
  final,
  busy,
  onPayAnyway,
}: {
  message: string
  drawId: string
  /** The step's last draw: its form is the final one. */
  final: boolean
  busy: boolean
  onPayAnyway: () => void
}) {
  return (
    <div className="waiver-required">
      <FieldAlert message={message} />
      <p>
        <WaiverFormLink
          drawId={drawId}
          form={waiverFormsOf(final).conditional}
          name="Conditional waiver (PDF)"
        />
      </p>
      <button
        type="button"
        className="button button-danger-quiet button-small"
        disabled={busy}
        onClick={onPayAnyway}
      >
        Pay anyway
      </button>
    </div>
  )
}
