import { overOrUnder, signedMoney } from '../lib/money'
import type { BadgeTone } from './badge'
import './money-difference.css'

/**
 * A difference against an estimate, said three ways at once so no one needs the colour: its
 * sign, its words and its tone — "+$420 over" (danger), "−$1,200 under" (success), "On the
 * estimate". The signed amount never wraps; in a narrow place its word goes under it. A `tone`
 * given says what the difference means where a badge beside it judges it (a quote's band).
 */
export function MoneyDifference({ cents, tone }: { cents: number; tone?: BadgeTone }) {
  if (cents === 0) return <span className="difference difference-even">{overOrUnder(0)}</span>
  const side = cents > 0 ? 'over' : 'under'
  return (
    <span className={`difference difference-${tone ?? side}`}>
      <span className="difference-amount">{signedMoney(cents)}</span> {side}
    </span>
  )
}
