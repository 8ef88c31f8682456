import { NoticeBody, NoticeRole, type Notice } from '../../../../contract/notices'
import type { Trade } from '../../../../contract/trades'
import { FormDialog } from '../../../components/form/form-dialog'
import { SelectField } from '../../../components/form/select-field'
import { useContractForm } from '../../../components/form/use-contract-form'
import { TextField } from '../../../components/text-field'
import { readDollars } from '../../../lib/money'
import { useFormCall } from '../use-form-call'
import { ROLE_WORDS } from './money-words'

/** An optional amount in dollars as cents: empty is "not given". */
const amountOf = (text: string) => (text.trim() === '' ? null : readDollars(text, 'e.g. 1,200'))

/**
 * "Add notice", or a notice's "Edit": a 20-day preliminary notice received (PRODUCT.md §15) —
 * who sent it, as what, for which trade, when, and for how much.
 */
export function NoticeDialog({
  notice,
  trades,
  onClose,
}: {
  notice: Notice | null
  trades: Trade[]
  onClose: () => void
}) {
  const form = useContractForm(
    NoticeBody,
    useFormCall(
      (c) => (notice ? c.name === 'editNotice' && c.id === notice.id : c.name === 'createNotice'),
      onClose,
    ),
    {
      initial: {
        claimant: notice?.claimant ?? '',
        role: notice?.role ?? ('subcontractor' as string),
        tradeId: notice?.tradeId ?? trades[0]?.id ?? '',
        receivedOn: notice?.receivedOn ?? '',
        amount: notice?.amount == null ? '' : (notice.amount / 100).toFixed(2),
        address: notice?.address ?? '',
      },
      toBody: (values) => {
        const amount = amountOf(values.amount)
        return {
          ...values,
          amount: typeof amount === 'number' ? amount : null,
          address: values.address.trim() || null,
        }
      },
      check: (values) => {
        const amount = amountOf(values.amount)
        return amount !== null && typeof amount !== 'number' ? { amount: amount.error } : {}
      },
      missing: { claimant: 'Enter who sent the notice', receivedOn: 'Enter the day it came' },
      toCall: (body) =>
        notice
          ? { name: 'editNotice' as const, id: notice.id, body }
          : { name: 'createNotice' as const, body },
    },
  )
  return (
    <FormDialog
      title={notice ? 'Edit notice' : 'Add notice'}
      form={form}
      className="money-form"
      submitLabel="Save notice"
      busyLabel="Saving…"
      onClose={onClose}
      lead={
        <p>
          Whoever works for or supplies one of your trades may send you a 20-day preliminary notice.
          Record it here: before each payment to that trade, get their waiver too.
        </p>
      }
    >
      <TextField {...form.field('claimant')} label="Claimant" hint="Who sent the notice" />
      <SelectField {...form.field('role')} label="Role">
        {NoticeRole.options.map((role) => (
          <option key={role} value={role}>
            {ROLE_WORDS[role]}
          </option>
        ))}
      </SelectField>
      <SelectField {...form.field('tradeId')} label="Works for">
        {trades.map((trade) => (
          <option key={trade.id} value={trade.id}>
            {trade.company}
          </option>
        ))}
      </SelectField>
      <TextField {...form.field('receivedOn')} label="Received on" type="date" />
      <TextField
        {...form.field('amount')}
        label="Amount"
        hint="Optional: the estimate on the notice, in dollars"
        inputMode="decimal"
      />
      <TextField
        {...form.field('address')}
        label="Address"
        hint="Optional: the claimant's address"
      />
    </FormDialog>
  )
}
