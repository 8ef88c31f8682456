import { useState } from 'react'
import type { Quote } from '../../../contract/domain'
import { Badge } from '../../components/badge'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { MoneyDifference } from '../../components/money-difference'
import { formatMoney } from '../../lib/money'
import { useCallFor, useClientCalls } from './use-client'
import type { StepView } from './use-step'

/** The step's quotes: the lowest marked, each against the estimate, accept and remove. */
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
  const estimate = view.budget.estimate
  const failure = accept.failure ?? remove.failure
  const ref = (quote: Quote) => ({ ...view.key, quoteId: quote.id })
  return (
    <>
      <table className="quote-table">
        <caption className="visually-hidden">Quotes for {view.step.title}</caption>
        <thead>
          <tr>
            <th scope="col">Vendor</th>
            <th scope="col">Amount</th>
            <th scope="col">Against the estimate</th>
            <th scope="col">Note</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {quotes.map((quote) => (
            <tr key={quote.id} className={quote.accepted ? 'quote-accepted' : undefined}>
              <th scope="row">
                {quote.vendor}
                {quote.accepted && <Badge tone="success">Accepted</Badge>}
                {quote.amount === lowest && quotes.length > 1 && <Badge tone="info">Lowest</Badge>}
              </th>
              <td className="money">{formatMoney(quote.amount)}</td>
              <td>
                {estimate === null ? '—' : <MoneyDifference cents={quote.amount - estimate} />}
              </td>
              <td>{quote.note || '—'}</td>
              <td className="quote-actions">
                {!quote.accepted && (
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    disabled={pending !== null}
                    onClick={() => accept.run({ name: 'acceptQuote', body: ref(quote) })}
                    aria-label={`Accept the quote from ${quote.vendor}`}
                  >
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
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {removing && (
        <ConfirmDialog
          title="Remove this quote?"
          message={`The quote from ${removing.vendor} for ${formatMoney(removing.amount)} will be removed. This cannot be undone.`}
          confirmLabel="Remove quote"
          busyLabel="Removing…"
          busy={false}
          onConfirm={() => {
            // The list shows the removal, or its refusal under the table.
            remove.run({ name: 'removeQuote', body: ref(removing) })
            setRemoving(null)
          }}
          onClose={() => setRemoving(null)}
        />
      )}
      {failure && (
        <p className="field-error" role="alert">
          {failure.message}
        </p>
      )}
    </>
  )
}
