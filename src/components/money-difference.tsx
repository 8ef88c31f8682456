import { overOrUnder, signedMoney } from '../lib/money'
import './money-difference.css'

/**
 * A difference against an estimate, said three ways at once so no one needs the colour: its
 * sign, its words and its tone — "+$420 over" (danger), "−$1,200 under" (success), "On the
 * estimate". The signed amount never wraps; in a narrow place its word goes under it.
 */
export function MoneyDifference({ cents }: { cents: number }) {
  if (cents === 0) return <span className="difference difference-even">{overOrUnder(0)}</span>
  const tone = cents > 0 ? 'over' : 'under'
  return (
    <span className={`difference difference-${tone}`}>
      <span className="difference-amount">{signedMoney(cents)}</span> {tone}
    </span>
  )
}
