import type { Money } from '../../../../contract/money'
import { toCsv } from '../../../lib/csv'
import { METHOD_WORDS } from './money-words'

const HEADERS = ['Step', 'Vendor', 'Draw', 'Paid on', 'Amount (USD)', 'Method', 'Reference']

/** Every payment as one CSV row, in step and draw order; amounts in dollars with cents. */
export function paymentsCsv(money: Money): string {
  const rows = money.steps.flatMap((step) =>
    step.draws.flatMap((draw) =>
      draw.payments.map((payment) => [
        step.title,
        step.contract?.vendor ?? '',
        draw.label,
        payment.paidOn,
        (payment.amount / 100).toFixed(2),
        METHOD_WORDS[payment.method],
        payment.reference,
      ]),
    ),
  )
  return toCsv(HEADERS, rows)
}
