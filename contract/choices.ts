import { z } from 'zod/mini'
import { PlainText } from './text'

const feet = (min: number, max: number, label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .check(
      z.minimum(min, `${label} must be at least ${min} ft`),
      z.maximum(max, `${label} must be at most ${max} ft`),
      z.multipleOf(0.5, `${label} goes in 0.5 ft steps`),
    )

export const PoolShape = z.enum(['rectangle', 'oval', 'kidney', 'freeform'])
export type PoolShape = z.infer<typeof PoolShape>

export const PoolDesignChoices = z
  .strictObject({
    shape: PoolShape,
    lengthFt: feet(8, 60, 'Length'),
    widthFt: feet(6, 40, 'Width'),
    shallowDepthFt: feet(3, 6, 'Shallow depth'),
    deepDepthFt: feet(3, 12, 'Deep depth'),
    deckWidthFt: feet(0, 20, 'Deck width'),
  })
  .check(
    z.refine((d) => d.deepDepthFt >= d.shallowDepthFt, {
      path: ['deepDepthFt'],
      message: 'Deep depth must be at least the shallow depth',
    }),
  )
export type PoolDesignChoices = z.infer<typeof PoolDesignChoices>

export const EngineeringChoices = z.strictObject({ engineerId: z.uuid() })
export type EngineeringChoices = z.infer<typeof EngineeringChoices>

export const PermitChoices = z.strictObject({
  permitNumber: z.optional(PlainText().check(z.trim(), z.maxLength(40))),
})
export type PermitChoices = z.infer<typeof PermitChoices>

/** A stage's choices: one option of its pricing, or (Extras) a set of catalogue items. */
export const StageChoices = z.strictObject({
  option: z.optional(PlainText().check(z.maxLength(40))),
  items: z.optional(z.array(PlainText().check(z.maxLength(40))).check(z.maxLength(40))),
})
export type StageChoices = z.infer<typeof StageChoices>
