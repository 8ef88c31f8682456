import { Pricing, type PricingUnit, type Stage } from '../../../contract'
import { quantities, REFERENCE_POOL, stageEstimate } from '../../../contract/estimator'
import { readDollars } from '../../lib/money'
import { centsToDollars, type FormErrors } from './form-fields'

/** What the pricing form holds: every number as typed, so a half-typed value is not lost. */
export type PricingDraft = {
  unit: PricingUnit
  base: string
  unitPrice: string
  options: { key: string; label: string; multiplier: string }[]
  items: { key: string; label: string; price: string }[]
}

export const UNIT_LABEL: Record<PricingUnit, string> = {
  dig_yd3: 'per cubic yard of dig',
  surface_ft2: 'per ft² of shell surface',
  perimeter_ft: 'per foot of perimeter',
  shell_yd3: 'per cubic yard of shell',
  deck_ft2: 'per ft² of deck',
  flat: 'flat',
  items: 'catalogue items',
}

/** The pool every example estimate is for (PRODUCT.md §2's reference case). */
export const REFERENCE_QUANTITIES = quantities(REFERENCE_POOL)
export const REFERENCE_DESCRIPTION = `a ${REFERENCE_POOL.lengthFt} × ${REFERENCE_POOL.widthFt} ft ${REFERENCE_POOL.shape}, ${REFERENCE_POOL.shallowDepthFt}–${REFERENCE_POOL.deepDepthFt} ft deep, with a ${REFERENCE_POOL.deckWidthFt} ft deck`

export const toDraft = ({ pricing }: Stage): PricingDraft => ({
  unit: pricing.unit,
  base: centsToDollars(pricing.base),
  unitPrice: centsToDollars(pricing.unitPrice),
  options: pricing.options.map((o) => ({ ...o, multiplier: String(o.multiplier) })),
  items: pricing.items.map((i) => ({ ...i, price: centsToDollars(i.price) })),
})

/** A key for a new option or item, from its label, unlike every other key of the list. */
export function newKey(label: string, taken: readonly { key: string }[]): string {
  const base =
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 30) || 'option'
  const keys = new Set(taken.map((t) => t.key))
  let key = base
  for (let n = 2; keys.has(key); n++) key = `${base}-${n}`
  return key
}

const money = (text: string, field: string, errors: FormErrors) => {
  const cents = readDollars(text, 'e.g. 400 or 12.50')
  if (typeof cents === 'number') return cents
  errors[field] = cents.error
  return 0
}

/**
 * The pricing the draft stands for, checked with the contract's schema, or the messages by field
 * path ("base", "options.1.multiplier") — the same paths the server's errors use under "pricing.".
 */
export function fromDraft(draft: PricingDraft): { pricing: Pricing | null; errors: FormErrors } {
  const errors: FormErrors = {}
  const candidate = {
    unit: draft.unit,
    base: money(draft.base, 'base', errors),
    unitPrice: draft.unit === 'items' ? 0 : money(draft.unitPrice, 'unitPrice', errors),
    options: draft.options.map((o, index) => {
      const multiplier = Number(o.multiplier)
      if (o.multiplier.trim() === '' || !Number.isFinite(multiplier)) {
        errors[`options.${index}.multiplier`] = 'Enter a number, e.g. 1.25'
      }
      return { key: o.key, label: o.label, multiplier }
    }),
    items: draft.items.map((i, index) => ({
      key: i.key,
      label: i.label,
      price: money(i.price, `items.${index}.price`, errors),
    })),
  }
  const parsed = Pricing.safeParse(candidate)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.')
      errors[path] ??= issue.message
    }
  }
  return {
    pricing: parsed.success && Object.keys(errors).length === 0 ? parsed.data : null,
    errors,
  }
}

/** The example estimate of each choice for the reference pool; empty when the draft is invalid. */
export function exampleEstimates(pricing: Pricing | null): { label: string; cents: number }[] {
  if (!pricing) return []
  if (pricing.unit === 'items') {
    return pricing.items.map((item) => ({
      label: item.label,
      cents: stageEstimate(pricing, { items: [item.key] }, REFERENCE_QUANTITIES) ?? 0,
    }))
  }
  return pricing.options.map((option) => ({
    label: option.label,
    cents: stageEstimate(pricing, { option: option.key }, REFERENCE_QUANTITIES) ?? 0,
  }))
}
