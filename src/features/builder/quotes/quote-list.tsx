import { Check, Trash2 } from 'lucide-react'
import { useState } from 'react'
import type { Quote } from '../../../../contract/domain'
import { StepSlug } from '../../../../contract/construction'
import { areTradeWarnings, isLicensedStep, type Trade } from '../../../../contract/trades'
import { lowestLevelled } from '../../../../contract/levelling'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { Badge } from '../../../components/badge'
import { formatMoney } from '../../../lib/money'
import { basisOf, CompareQuotes, QuoteCheckBadge, QuoteDifference } from './quote-check'
import { LevelledComparison } from './scope-comparison'
import { isCallFor, useCallFor, useClient, useClientCalls } from '../use-client'
import { useFormCall } from '../use-form-call'
import { AcceptAnyway } from './accept-anyway'
import { EnteredBy } from './entered-by'
import type { StepView } from '../steps/use-step'
import { FieldAlert } from '../../../components/form/field-alert'

/** A quote being accepted despite its trade's warnings. */
type Asking = { quote: Quote; warnings: string[] }

const messagesOf = (trade: Trade) => trade.warnings.map((warning) => warning.message)

/**
 * The step's quotes as labelled cards: vendor, amount, the amount against the estimate and the
 * note; the lowest and the accepted one marked; Accept and Remove on one quiet line.
 */
export function QuoteList({ view }: { view: StepView }) {
  const quotes = view.entry?.quotes ?? []
  const { pending, dismiss } = useClientCalls()
  const accept = useCallFor('acceptQuote', view.keyValue)
  const remove = useCallFor('removeQuote', view.keyValue)
  // The trades as held: the quote form reads them.
  const trades = useClient((snapshot) => snapshot.context.trades) ?? []
  // The quote whose removal is being confirmed.
  const [removing, setRemoving] = useState<Quote | null>(null)
  // The quote being accepted despite its trade's warnings, and the refusal that asked it.
  const [asking, setAsking] = useState<Asking | null>(null)
  const [asked, setAsked] = useState<object | null>(null)
  const acknowledged = useFormCall(
    (call) =>
      call.name === 'acceptQuote' &&
      isCallFor(call, 'acceptQuote', view.keyValue) &&
      call.body.acknowledge === true,
    () => setAsking(null),
  )
  // The server refused for the trade's warnings (the list held here did not know them): ask.
  const refusal = accept.failure && areTradeWarnings(accept.failure.fields) ? accept.failure : null
  if (refusal && refusal !== asked) {
    const call = refusal.call
    const quote = quotes.find((q) => call.name === 'acceptQuote' && q.id === call.body.quoteId)
    setAsked(refusal)
    if (quote) setAsking({ quote, warnings: Object.values(refusal.fields).flat() })
  }
  if (quotes.length === 0) {
    return <p className="quote-empty">No quotes yet. Add the first one you receive below.</p>
  }
  const lowest = Math.min(...quotes.map((q) => q.amount))
  const lowestBid = lowestLevelled(quotes)
  // Quotes from bids are compared on the step's scope, even a single one (its levelled total).
  const fromBids = quotes.some((quote) => quote.items !== null)
  const basis = basisOf(view)
  // A refusal about the trade, or of accepting anyway, shows in the dialog.
  const failure = (refusal || asking ? null : accept.failure) ?? remove.failure
  const ref = (quote: Quote) => ({ ...view.key, quoteId: quote.id })
  const tradeOf = (quote: Quote) => trades.find((trade) => trade.id === quote.tradeId)
  const licensed = isLicensedStep(StepSlug.parse(view.step.route))
  // A trade known to have warnings on licensed work is asked about before anything is sent.
  const acceptQuote = (quote: Quote) => {
    const trade = tradeOf(quote)
    if (licensed && trade && trade.warnings.length > 0)
      setAsking({ quote, warnings: messagesOf(trade) })
    else accept.run({ name: 'acceptQuote', body: ref(quote) })
  }
  const stopAsking = () => {
    setAsking(null)
    if (refusal) dismiss()
  }
  return (
    <>
      <ul className="quote-cards" aria-label={`Quotes for ${view.step.title}`}>
        {quotes.map((quote) => (
          <li key={quote.id}>
            <article
              className={quote.accepted ? 'quote-card quote-card-accepted' : 'quote-card'}
              aria-labelledby={`quote-${quote.id}`}
            >
              <div className="quote-card-head">
                {/* Not a heading: a vendor named after the step ("Austin Steel Co") would
                    then answer for the page's own heading. The card is named by it. */}
                <p id={`quote-${quote.id}`} className="quote-vendor">
                  {quote.vendor}
                </p>
                {quote.accepted && <Badge tone="success">Accepted</Badge>}
                {quote.amount === lowest && quotes.length > 1 && <Badge tone="info">Lowest</Badge>}
                {quote.id === lowestBid && <Badge tone="success">Lowest levelled</Badge>}
              </div>
              <EnteredBy quote={quote} />
              <dl className="quote-facts">
                <div>
                  <dt>Amount</dt>
                  <dd className="money">{formatMoney(quote.amount)}</dd>
                </div>
                <div>
                  <dt>Against the estimate</dt>
                  <dd>
                    <QuoteDifference
                      amount={quote.amount}
                      estimate={view.budget.estimate}
                      basis={basis}
                    />
                  </dd>
                </div>
                {basis && (
                  <div className="quote-check-fact">
                    <dt>Quote check</dt>
                    <dd>
                      <QuoteCheckBadge amount={quote.amount} basis={basis} />
                    </dd>
                  </div>
                )}
                {tradeOf(quote) && (
                  <div>
                    <dt>Trade</dt>
                    <dd>{tradeOf(quote)?.company}</dd>
                  </div>
                )}
                {quote.note && (
                  <div className="quote-note">
                    <dt>Note</dt>
                    <dd>{quote.note}</dd>
                  </div>
                )}
              </dl>
              <div className="quote-actions">
                {!quote.accepted && (
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    disabled={pending !== null}
                    onClick={() => acceptQuote(quote)}
                    aria-label={`Accept the quote from ${quote.vendor}`}
                  >
                    <Check size={16} aria-hidden="true" />
                    Accept
                  </button>
                )}
                <button
                  type="button"
                  className="button button-danger-quiet button-small"
                  disabled={pending !== null}
                  onClick={() => setRemoving(quote)}
                  aria-label={`Remove the quote from ${quote.vendor}`}
                >
                  <Trash2 size={16} aria-hidden="true" />
                  Remove
                </button>
              </div>
            </article>
          </li>
        ))}
      </ul>
      {(quotes.length > 1 || fromBids) && (
        <CompareQuotes quotes={quotes} basis={basis}>
          {fromBids && (
            <LevelledComparison quotes={quotes} step={StepSlug.parse(view.step.route)} />
          )}
        </CompareQuotes>
      )}
      {removing && (
        <ConfirmDialog
          title="Remove this quote?"
          message={`The quote from ${removing.vendor} for ${formatMoney(removing.amount)} will be removed. This cannot be undone.`}
          confirmLabel="Remove quote"
          busyLabel="Removing…"
          busy={false}
          onConfirm={() => {
            // The list shows the removal, or its refusal under the cards.
            remove.run({ name: 'removeQuote', body: ref(removing) })
            setRemoving(null)
          }}
          onClose={() => setRemoving(null)}
        />
      )}
      {asking && (
        <AcceptAnyway
          quote={asking.quote}
          warnings={asking.warnings}
          call={acknowledged}
          onAccept={() =>
            acknowledged.run({
              name: 'acceptQuote',
              body: { ...ref(asking.quote), acknowledge: true },
            })
          }
          onClose={stopAsking}
        />
      )}
      <FieldAlert message={failure?.message} />
    </>
  )
}
