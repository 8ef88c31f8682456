import type { Pricing, PricingUnit } from '../../contract/pricing'
import { formatCents, formatMoney } from './money'

type MeteredUnit = Exclude<PricingUnit, 'flat' | 'items'>

const UNIT_LABELS: Record<MeteredUnit, string> = {
  dig_yd3: 'cubic yard of dig',
  surface_ft2: 'square foot of shell surface',
  perimeter_ft: 'linear foot of perimeter',
  shell_yd3: 'cubic yard of shell',
  deck_ft2: 'square foot of deck',
}

function itemsSummary(pricing: Pricing): string {
  const prices = pricing.items.map((item) => item.price)
  const count = pricing.items.length
  const low = formatMoney(Math.min(...prices))
  const high = formatMoney(Math.max(...prices))
  const range = low === high ? low : `${low} to ${high}`
  const extras = count === 1 ? `1 extra at ${range}` : `${count} extras at ${range} each`
  return pricing.base > 0
    ? `${formatMoney(pricing.base)} + a choice of ${extras}`
    : `Choose from ${extras}`
}

/**
 * One line saying how a stage is priced, before any pool design is known:
 * "$500 + $60.00 per cubic yard of dig", "$3,500 flat",
 * "Choose from 7 extras at $900 to $5,500 each".
 * Mirrors stageEstimate in contract/estimator.ts (flat = base + unit price).
 */
export function priceSummary(pricing: Pricing): string {
  if (pricing.unit === 'items') return itemsSummary(pricing)
  if (pricing.unit === 'flat') return `${formatMoney(pricing.base + pricing.unitPrice)} flat`
  const rate = `${formatCents(pricing.unitPrice)} per ${UNIT_LABELS[pricing.unit]}`
  return pricing.base > 0 ? `${formatMoney(pricing.base)} + ${rate}` : rate
}
