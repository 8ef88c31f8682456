import { EnteredQuoteBody } from '../../../contract/projects'
import { STEPS } from '../../../contract/steps'
import type { Trade } from '../../../contract/trades'
import type { ProjectsActor } from '../../../machines/projects/projects.machine'
import { FormDialog } from '../../components/form/form-dialog'
import { TradeSelectField } from '../../components/form/trade-select-field'
import { SelectField } from '../../components/form/select-field'
import { useContractForm } from '../../components/form/use-contract-form'
import { TextField } from '../../components/text-field'
import { checkQuoteAmount, quoteBody } from '../../lib/quote-values'
import { useEnterQuoteCall } from './use-projects'

/** `tradeId` is empty for "Not a recorded trade". */
const EMPTY = { step: STEPS[0]?.route ?? '', tradeId: '', vendor: '', amount: '', note: '' }

/**
 * A bid a trade phoned in, entered for the owner (PRODUCT.md §18): the step, which of the
 * project's trades for that step bid, if one, the vendor, the amount in dollars and a note. The
 * server's messages show next to their fields; once saved the dialog closes and the quote shows
 * on the project, "entered by" the manager.
 */
export function EnterBidDialog({
  actor,
  clientId,
  trades,
  onClose,
}: {
  actor: ProjectsActor
  clientId: string
  trades: readonly Trade[]
  onClose: () => void
}) {
  const form = useContractForm(EnteredQuoteBody, useEnterQuoteCall(actor, onClose), {
    initial: EMPTY,
    toBody: quoteBody,
    check: checkQuoteAmount,
    missing: { vendor: 'Enter who bid' },
    toCall: (body) => ({ name: 'enterQuote' as const, clientId, body }),
  })
  const stepField = form.field('step')
  const tradeField = form.field('tradeId')
  const vendorField = form.field('vendor')
  const stepTrades = trades.filter((trade) => trade.steps.some((s) => s === stepField.value))
  // Another step's trades did not bid on this one.
  const chooseStep = (step: string) => {
    stepField.onChange(step)
    if (tradeField.value !== '') tradeField.onChange('')
  }
  // Choosing a trade names the vendor too, unless one was typed.
  const chooseTrade = (tradeId: string) => {
    tradeField.onChange(tradeId)
    const trade = stepTrades.find((t) => t.id === tradeId)
    if (trade && vendorField.value.trim() === '') vendorField.onChange(trade.company)
  }
  return (
    <FormDialog
      title="Enter a bid"
      lead={<p>A bid a trade gave you by phone: it shows on the owner’s step as entered by you.</p>}
      form={form}
      submitLabel="Save bid"
      busyLabel="Saving…"
      onClose={onClose}
      className="enter-bid-form"
    >
      <SelectField {...stepField} onChange={chooseStep} label="Step">
        {STEPS.map((step) => (
          <option key={step.route} value={step.route}>
            {step.title}
          </option>
        ))}
      </SelectField>
      <TradeSelectField {...tradeField} onChange={chooseTrade} trades={stepTrades} />
      <TextField {...vendorField} label="Vendor" hint="Who bid" autoComplete="organization" />
      <TextField
        {...form.field('amount')}
        label="Amount"
        hint="In dollars"
        placeholder="$"
        inputMode="decimal"
      />
      <TextField {...form.field('note')} label="Note" hint="Optional: what it includes" />
    </FormDialog>
  )
}
