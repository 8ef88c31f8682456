import type { ReactNode } from 'react'
import type { Quote } from '../../../../contract/domain'
import type { StepSlug } from '../../../../contract/construction'
import {
  BAND_WORDS,
  quoteBasis,
  quoteCheck,
  quoteCheckWords,
  type QuoteBasis,
} from '../../../../contract/money-rules'
import { Badge } from '../../../components/badge'
import { MoneyDifference } from '../../../components/money-difference'
import { formatCents, formatMoney } from '../../../lib/money'
import { BAND_TONE } from '../budget/money-words'
import type { StepView } from '../steps/use-step'
import './quote-check.css'

/** What a step's quotes are checked against; null while the step has no estimate. */
export const basisOf = (view: StepView): QuoteBasis | null =>
  quoteBasis(view.step.route as StepSlug, view.project, view.budget.estimate)

/** One quote against the price list, in words, its tone repeating the band. */
export function QuoteCheckBadge({ amount, basis }: { amount: number; basis: QuoteBasis }) {
  const check = quoteCheck(amount, basis)
  return (
    <span className="quote-check">
      <Badge tone={BAND_TONE[check.band]}>{quoteCheckWords(check)}</Badge>
    </span>
  )
}

/**
 * A quote against its step's estimate, toned as its check's band, so that a quote a little over
 * a typical price does not read as an alarm beside the badge calling it typical.
 */
export function QuoteDifference({
  amount,
  estimate,
  basis,
}: {
  amount: number
  estimate: number | null
  basis: QuoteBasis | null
}) {
  if (estimate === null) return '—'
  const tone = basis ? BAND_TONE[quoteCheck(amount, basis).band] : undefined
  return <MoneyDifference cents={amount - estimate} tone={tone} />
}

const LABEL = { amount: 'Amount', unit: 'Implied unit price', band: 'Band', note: 'Note' }

/**
 * The step's quotes side by side, once there are two: amount, implied unit price (or the
 * difference in percent on a step priced as a whole), band and note. On a phone each quote is a
 * card. `children` is what else compares them (what each bid includes), in the same section.
 */
export function CompareQuotes({
  quotes,
  basis,
  children,
}: {
  quotes: readonly Quote[]
  basis: QuoteBasis | null
  children?: ReactNode
}) {
  const typical = basis && quoteCheck(basis.estimate, basis).perUnit
  return (
    <section className="compare-quotes" aria-labelledby="compare-quotes-title">
      <h3 id="compare-quotes-title">Compare quotes</h3>
      {quotes.length > 1 && <QuoteTable quotes={quotes} basis={basis} />}
      {quotes.length > 1 && typical && (
        <p className="compare-typical">
          Typical for your design: {formatCents(typical.typical)} per {typical.unit}.
        </p>
      )}
      {children}
    </section>
  )
}

/** Amount, implied unit price, band and note, a row per quote. */
function QuoteTable({ quotes, basis }: { quotes: readonly Quote[]; basis: QuoteBasis | null }) {
  return (
    <div className="compare-wrap">
      <table className="compare-table">
        <thead>
          <tr>
            <th scope="col">Vendor</th>
            <th scope="col">{LABEL.amount}</th>
            <th scope="col">{LABEL.unit}</th>
            <th scope="col">{LABEL.band}</th>
            <th scope="col">{LABEL.note}</th>
          </tr>
        </thead>
        <tbody>
          {quotes.map((quote) => {
            const check = basis && quoteCheck(quote.amount, basis)
            return (
              <tr key={quote.id}>
                <th scope="row">{quote.vendor}</th>
                <td data-label={LABEL.amount}>{formatMoney(quote.amount)}</td>
                <td data-label={LABEL.unit}>
                  {check?.perUnit
                    ? `${formatCents(check.perUnit.implied)} per ${check.perUnit.unit}`
                    : '—'}
                </td>
                <td data-label={LABEL.band}>
                  {check ? (
                    <span className="quote-check">
                      <Badge tone={BAND_TONE[check.band]}>{BAND_WORDS[check.band]}</Badge>
                    </span>
                  ) : (
                    'No estimate yet'
                  )}
                </td>
                <td data-label={LABEL.note}>{quote.note || '—'}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
