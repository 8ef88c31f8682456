import { StageChoices } from '../../../../contract/choices'
import { quantityFor } from '../../../../contract/estimator'
import type { Pricing } from '../../../../contract/pricing'
import { formatMoney } from '../../../lib/money'
import { priceSummary } from '../../../lib/price-summary'
import { savedQuantities } from '../../../../contract/budget'
import type { StepView } from './use-step'

const amount = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })

const UNIT_SYMBOLS: Partial<Record<Pricing['unit'], string>> = {
  dig_yd3: 'yd³ of dig',
  surface_ft2: 'ft² of shell surface',
  perimeter_ft: 'ft of perimeter',
  shell_yd3: 'yd³ of shell',
  deck_ft2: 'ft² of deck',
}

/** How a stage's estimate is made: its price line, the quantity and the chosen option. */
function stageBasis(view: StepView): string | null {
  const { stage, entry, project } = view
  if (!stage) return null
  const pricing = stage.pricing
  const parts = [priceSummary(pricing)]
  const symbol = UNIT_SYMBOLS[pricing.unit]
  const q = savedQuantities(project.poolData)
  if (symbol && q) parts.push(`for ${amount.format(quantityFor(pricing.unit, q))} ${symbol}`)
  const choices = StageChoices.safeParse(entry?.choices ?? {})
  const chosen = choices.success ? choices.data.option : undefined
  const option = pricing.options.find((o) => o.key === chosen) ?? pricing.options[0]
  if (option && option.multiplier !== 1) parts.push(`× ${option.multiplier} for ${option.label}`)
  return parts.join(' ')
}

/** The step's estimate, or why there is none yet, and what it is based on. */
export function StepEstimate({ view }: { view: StepView }) {
  const { budget } = view
  const basis = stageBasis(view)
  return (
    <section className="step-card step-estimate" aria-labelledby="step-estimate-title">
      <h2 id="step-estimate-title">Estimate</h2>
      {budget.estimate === null ? (
        <p className="estimate-note">{budget.estimateNote}</p>
      ) : (
        <p className="estimate-amount">{formatMoney(budget.estimate)}</p>
      )}
      {basis && <p className="estimate-basis">{basis}</p>}
    </section>
  )
}
