/**
 * Inspection checklists on the wire (PRODUCT.md §16, §18a): each city's checklist of each
 * inspection, which the back office edits, and a project's copy, which the owner ticks. Small
 * and apart, so the back office's data (whose schema loads with the sign-in page) carries them.
 */
import { z } from 'zod/mini'
import { InspectionSlug } from './construction'
import { Required, Text } from './text'

/** The most items a checklist holds, and the longest item text and code reference. */
export const CHECKLIST_LIMITS = { items: 30, text: 300, code: 40 } as const

/** An item as a city holds it: what to check, whether it needs a photo, its code reference. */
export const ChecklistItemDef = z.object({
  id: z.uuid(),
  text: z.string(),
  photo: z.boolean(),
  code: z.nullable(z.string()),
})
export type ChecklistItemDef = z.infer<typeof ChecklistItemDef>

/** A city's checklist of one inspection (the admin fetch's `Checklists`). */
export const CityChecklist = z.object({
  cityId: z.uuid(),
  inspection: InspectionSlug,
  someoneHome: z.boolean(),
  items: z.array(ChecklistItemDef),
})
export type CityChecklist = z.infer<typeof CityChecklist>

/** An item of a project's checklist: ticked or not, with the photos that show it. */
export const ChecklistItem = z.object({
  ...ChecklistItemDef.shape,
  checked: z.boolean(),
  fileIds: z.array(z.uuid()),
})
export type ChecklistItem = z.infer<typeof ChecklistItem>

/** A project's checklist of one inspection. */
export const Checklist = z.object({
  inspection: InspectionSlug,
  someoneHome: z.boolean(),
  items: z.array(ChecklistItem),
})
export type Checklist = z.infer<typeof Checklist>

export const ChecklistItemParams = z.strictObject({
  inspection: InspectionSlug,
  itemId: z.uuid('Unknown item'),
})

/** The owner ticks or unticks an item; `fileIds` (when given) replaces its photos. */
export const ChecklistTickBody = z.strictObject({
  checked: z.boolean(),
  fileIds: z.optional(z.array(z.uuid('Unknown file')).check(z.maxLength(20, 'At most 20 photos'))),
})
export type ChecklistTickBody = z.output<typeof ChecklistTickBody>

/** What the owner is told when ticking a photo item that has none. */
export const PHOTO_FIRST = 'Add a photo first'

export const CityChecklistParams = z.strictObject({
  cityId: z.uuid('Unknown city'),
  inspection: InspectionSlug,
})

/** The back office replaces a city's checklist of one inspection whole. */
export const ChecklistEditBody = z.strictObject({
  someoneHome: z.boolean(),
  items: z
    .array(
      z.strictObject({
        id: z.optional(z.uuid()),
        text: Required(CHECKLIST_LIMITS.text),
        photo: z.boolean(),
        code: z.optional(z.nullable(Text(CHECKLIST_LIMITS.code))),
      }),
    )
    .check(
      z.minLength(1, 'Add at least one item'),
      z.maxLength(CHECKLIST_LIMITS.items, `At most ${CHECKLIST_LIMITS.items} items`),
    ),
})
export type ChecklistEditBody = z.output<typeof ChecklistEditBody>

/** What a history entry of a passed or failed inspection keeps of its checklist. */
export const CheckedItem = z.object({ itemId: z.uuid(), text: z.string(), checked: z.boolean() })
export type CheckedItem = z.infer<typeof CheckedItem>
