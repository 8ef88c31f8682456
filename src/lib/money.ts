import { MAX_CENTS, TOO_MUCH } from '../../contract/pricing'
import { formatMoney } from '../../contract/money-format'

export { formatCents, formatMoney } from '../../contract/money-format'

/** A difference with its sign: "+$680", "−$1,200", "$0". */
export function signedMoney(cents: number): string {
  if (cents === 0) return formatMoney(0)
  return `${cents > 0 ? '+' : '−'}${formatMoney(Math.abs(cents))}`
}

// "1250", "1,250.5", "$ 980.50"; commas only between groups of three digits.
const DOLLARS = /^\$?\s*(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/

/**
 * Reads an amount a person typed in dollars as integer cents; null when it is not a
 * non-negative amount with at most two decimals.
 */
export function parseDollars(text: string): number | null {
  const trimmed = text.trim()
  if (!DOLLARS.test(trimmed)) return null
  const [dollars = '0', cents = ''] = trimmed.replace(/[$,\s]/g, '').split('.')
  return Number(dollars) * 100 + Number(cents.padEnd(2, '0'))
}

/**
 * A difference against an estimate with its sign and in words: "+$420 over", "−$1,200 under",
 * "On the estimate".
 */
export function overOrUnder(cents: number): string {
  if (cents === 0) return 'On the estimate'
  return `${signedMoney(cents)} ${cents > 0 ? 'over' : 'under'}`
}

/**
 * The cents a typed amount stands for, or what to fix: `example` shows the form expected
 * ("e.g. 8,500"); past the contract's ceiling, its own message.
 */
export function readDollars(text: string, example: string): number | { error: string } {
  const cents = parseDollars(text)
  if (cents === null) return { error: `Enter an amount in dollars, ${example}` }
  return cents > MAX_CENTS ? { error: TOO_MUCH } : cents
}
