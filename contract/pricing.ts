import { z } from 'zod/mini'
import { Required } from './text'

/** The largest amount anything costs here: $9,999,999, in cents. */
export const MAX_CENTS = 999_999_900
export const TOO_MUCH = 'Enter at most $9,999,999'

/** Money is always integer cents. */
export const Cents = z.int().check(z.minimum(0), z.maximum(MAX_CENTS, TOO_MUCH))

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
  .check(z.trim(), z.regex(/^[a-z0-9-]{1,40}$/, 'Use 1–40 lowercase letters, digits or dashes'))
const Label = Required(80)

export const PricingOption = z.strictObject({
  key: Key,
  label: Label,
  multiplier: z.number().check(z.minimum(0.1), z.maximum(10)),
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
    options: z._default(z.array(PricingOption).check(z.maxLength(12)), []),
    items: z._default(z.array(PricingItem).check(z.maxLength(40)), []),
  })
  .check(
    z.refine((p) => uniqueKeys(p.options), {
      path: ['options'],
      message: 'Option keys must be unique',
    }),
    z.refine((p) => uniqueKeys(p.items), { path: ['items'], message: 'Item keys must be unique' }),
    z.refine((p) => p.unit === 'items' || p.options.length > 0, {
      path: ['options'],
      message: 'At least one option is required',
    }),
    z.refine((p) => p.unit !== 'items' || p.items.length > 0, {
      path: ['items'],
      message: 'At least one item is required',
    }),
  )
export type Pricing = z.infer<typeof Pricing>
