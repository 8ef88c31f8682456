import { z } from 'zod'

/** Money is always integer cents. */
export const Cents = z.number().int().min(0).max(100_000_000)

/** What a stage's unit price is multiplied by; derived from the pool design (see estimator). */
export const PricingUnit = z.enum([
  'dig_yd3',
  'surface_ft2',
  'perimeter_ft',
  'shell_yd3',
  'deck_ft2',
  'flat',
  'items',
])
export type PricingUnit = z.infer<typeof PricingUnit>

const Key = z
  .string()
  .trim()
  .regex(/^[a-z0-9-]{1,40}$/, 'Use 1–40 lowercase letters, digits or dashes')
const Label = z.string().trim().min(1, 'Required').max(80)

export const PricingOption = z.strictObject({
  key: Key,
  label: Label,
  multiplier: z.number().min(0.1).max(10),
})
export type PricingOption = z.infer<typeof PricingOption>

export const PricingItem = z.strictObject({ key: Key, label: Label, price: Cents })
export type PricingItem = z.infer<typeof PricingItem>

const uniqueKeys = (list: { key: string }[]) => new Set(list.map((o) => o.key)).size === list.length

/**
 * A stage's price list. Metered units: base + unitPrice × quantity × multiplier.
 * Flat: the option multiplies the base. Items: the sum of the chosen items.
 */
export const Pricing = z
  .strictObject({
    base: Cents,
    unit: PricingUnit,
    unitPrice: Cents,
    options: z.array(PricingOption).max(12).default([]),
    items: z.array(PricingItem).max(40).default([]),
  })
  .refine((p) => uniqueKeys(p.options), {
    path: ['options'],
    message: 'Option keys must be unique',
  })
  .refine((p) => uniqueKeys(p.items), { path: ['items'], message: 'Item keys must be unique' })
  .refine((p) => p.unit === 'items' || p.options.length > 0, {
    path: ['options'],
    message: 'At least one option is required',
  })
  .refine((p) => p.unit !== 'items' || p.items.length > 0, {
    path: ['items'],
    message: 'At least one item is required',
  })
export type Pricing = z.infer<typeof Pricing>
