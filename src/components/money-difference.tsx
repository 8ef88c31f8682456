import { overOrUnder } from '../lib/money'
import './money-difference.css'

/**
 * A difference against an estimate, said three ways at once so no one needs the colour: its
 * sign, its words and its tone — "+$420 over" (danger), "−$1,200 under" (success), "On the
 * estimate". It never wraps its sign away from its amount.
 */
export function MoneyDifference({ cents }: { cents: number }) {
  const tone = cents > 0 ? 'over' : cents < 0 ? 'under' : 'even'
  return <span className={`difference difference-${tone}`}>{overOrUnder(cents)}</span>
}
