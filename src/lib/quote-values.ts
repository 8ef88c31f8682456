import { readDollars } from './money'

/** A quote form's values as typed: the amount in dollars, `tradeId` empty for none. */
type QuoteValues = { amount: string; tradeId: string }

/** The body a quote form's values stand for: the amount in cents, no trade as none. */
export function quoteBody<V extends QuoteValues>(values: V) {
  const amount = readDollars(values.amount, '')
  return {
    ...values,
    amount: typeof amount === 'number' ? amount : 0,
    tradeId: values.tradeId || undefined,
  }
}

/** What the contract cannot check of a quote form: the dollar amount as typed. */
export function checkQuoteAmount(values: QuoteValues): { amount?: string } {
  const amount = readDollars(values.amount, 'e.g. 8,500')
  return typeof amount === 'number' ? {} : { amount: amount.error }
}
