import { Check, Trash2 } from 'lucide-react'
import { useState } from 'react'
import type { Quote } from '../../../../contract/domain'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { Badge } from '../../../components/badge'
import { formatMoney } from '../../../lib/money'
import { basisOf, CompareQuotes, QuoteCheckBadge, QuoteDifference } from './quote-check'
import { useCallFor, useClientCalls } from '../use-client'
import type { StepView } from '../steps/use-step'
import { FieldAlert } from '../../../components/form/field-alert'

/**
 * The step's quotes as labelled cards: vendor, amount, the amount against the estimate and the
 * note; the lowest and the accepted one marked; Accept and Remove on one quiet line.
 */
export function QuoteList({ view }: { view: StepView }) {
  const quotes = view.entry?.quotes ?? []
  const { pending } = useClientCalls()
  const accept = useCallFor('acceptQuote', view.keyValue)
  const remove = useCallFor('removeQuote', view.keyValue)
  // The quote whose removal is being confirmed.
  const [removing, setRemoving] = useState<Quote | null>(null)
  if (quotes.length === 0) {
    return <p className="quote-empty">No quotes yet. Add the first one you receive below.</p>
  }
  const lowest = Math.min(...quotes.map((q) => q.amount))
  const basis = basisOf(view)
  const failure = accept.failure ?? remove.failure
  const ref = (quote: Quote) => ({ ...view.key, quoteId: quote.id })
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
              </div>
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
                    onClick={() => accept.run({ name: 'acceptQuote', body: ref(quote) })}
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
      {quotes.length > 1 && <CompareQuotes quotes={quotes} basis={basis} />}
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
      <FieldAlert message={failure?.message} />
    </>
  )
}
