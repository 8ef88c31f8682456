import { z } from 'zod/mini'
import { AddQuoteBody } from '../../../../contract/api-client'
import { BusyButton } from '../../../components/busy-button'
import { FieldAlert } from '../../../components/form/field-alert'
import { TradeSelectField } from '../../../components/form/trade-select-field'
import { useContractForm } from '../../../components/form/use-contract-form'
import { TextField } from '../../../components/text-field'
import { checkQuoteAmount, quoteBody } from '../../../lib/quote-values'
import { isCallFor } from '../use-client'
import { useFormCall } from '../use-form-call'
import type { StepView } from '../steps/use-step'
import { useTrades } from '../trades/use-trades'

/** A quote as the form checks it; the step's entry is added when it is sent. */
const QuoteBody = z.omit(AddQuoteBody, { StageId: true })

/** `tradeId` is empty for "Not a recorded trade". */
const EMPTY = { vendor: '', amount: '', note: '', tradeId: '' }

/**
 * Records a subcontractor's quote for the step: vendor, amount in dollars, which of the step's
 * trades quoted, if it is one (their licence and insurance are then checked when the quote is
 * accepted), and an optional note. One row on a wide card, its hints read with the fields.
 */
export function QuoteForm({ view, full }: { view: StepView; full: boolean }) {
  const name = 'StageId' in view.key ? 'addQuote' : 'addQuote1'
  const trades = useTrades()
  const stepTrades = (trades.list ?? []).filter((trade) =>
    trade.steps.some((step) => step === view.step.route),
  )
  // The form empties once the quote it sent is in the list; a refusal keeps what was typed.
  const form = useContractForm(
    QuoteBody,
    useFormCall((call) => isCallFor(call, name, view.keyValue)),
    {
      initial: EMPTY,
      toBody: quoteBody,
      check: checkQuoteAmount,
      missing: { vendor: 'Enter who quoted' },
      afterSend: EMPTY,
      toCall: (quote) =>
        'StageId' in view.key
          ? { name: 'addQuote' as const, body: { StageId: view.key.StageId, ...quote } }
          : { name: 'addQuote1' as const, body: { Title: view.key.Title, ...quote } },
    },
  )

  const tradeField = form.field('tradeId')
  const vendorField = form.field('vendor')
  // Choosing a trade names the vendor too, unless one was typed.
  const chooseTrade = (tradeId: string) => {
    tradeField.onChange(tradeId)
    const trade = stepTrades.find((t) => t.id === tradeId)
    if (trade && vendorField.value.trim() === '') vendorField.onChange(trade.company)
  }

  return (
    <form className="quote-form" onSubmit={form.submit} noValidate aria-label="Add a quote">
      <div className="quote-form-fields">
        <TextField {...vendorField} label="Vendor" hint="Who quoted" autoComplete="organization" />
        <TextField
          {...form.field('amount')}
          label="Amount"
          hint="In dollars"
          placeholder="$"
          inputMode="decimal"
        />
        <TradeSelectField {...tradeField} onChange={chooseTrade} trades={stepTrades} />
        <TextField
          {...form.field('note')}
          label="Note"
          hint="Optional: what it includes"
          placeholder="Optional"
        />
        <div className="quote-form-submit">
          <BusyButton
            type="submit"
            busy={form.busy}
            busyLabel="Adding…"
            disabled={form.blocked || full}
          >
            Add quote
          </BusyButton>
        </div>
      </div>
      <FieldAlert message={form.failure?.message} />
    </form>
  )
}
