import type { PoolDesignChoices } from '../../../../../contract/choices'
import { quantities, type Quantities } from '../../../../../contract/estimator'

// Whole units where a tenth would be noise (areas, gallons), a tenth where it is not (volumes).
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
const tenths = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })
const hundredths = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })

const ROWS: readonly { term: string; value: (q: Quantities) => string }[] = [
  { term: 'Area', value: (q) => `${whole.format(q.areaFt2)} ft²` },
  { term: 'Perimeter', value: (q) => `${tenths.format(q.perimeterFt)} ft` },
  { term: 'Average depth', value: (q) => `${hundredths.format(q.avgDepthFt)} ft` },
  { term: 'Surface (floor and walls)', value: (q) => `${whole.format(q.surfaceFt2)} ft²` },
  { term: 'Dig volume', value: (q) => `${tenths.format(q.digYd3)} yd³` },
  { term: 'Shell volume', value: (q) => `${tenths.format(q.shellYd3)} yd³` },
  { term: 'Deck area', value: (q) => `${whole.format(q.deckFt2)} ft²` },
  { term: 'Water', value: (q) => `${whole.format(q.waterGal)} gal` },
]

/** The quantities every estimate is priced from, for the design as drawn. */
export function DesignQuantities({ design }: { design: PoolDesignChoices }) {
  const q = quantities(design)
  return (
    <dl className="design-quantities">
      {ROWS.map((row) => (
        <div key={row.term}>
          <dt>{row.term}</dt>
          <dd>{row.value(q)}</dd>
        </div>
      ))}
    </dl>
  )
}
