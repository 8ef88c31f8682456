/**
 * Lien-safe payments' downloads (PRODUCT.md §15, §18a): the four statutory waiver forms, filled
 * for a draw, and the exports for the accountant and the lender.
 */
import { z } from 'zod/mini'
import { IsoDate } from './timeline'

/** The four forms of California Civil Code §§ 8132–8138, as their addresses name them. */
export const WaiverForm = z.enum(
  ['conditional-progress', 'unconditional-progress', 'conditional-final', 'unconditional-final'],
  'Choose conditional-progress, unconditional-progress, conditional-final or unconditional-final',
)
export type WaiverForm = z.infer<typeof WaiverForm>

export const WaiverParams = z.strictObject({ form: WaiverForm })

/** The draw the form is for; a preliminary notice's claimant in place of the trade (§15). */
export const WaiverQuery = z.strictObject({
  drawId: z.uuid('Unknown draw'),
  noticeId: z.optional(z.uuid('Unknown notice')),
})

/** The last day the schedule of values counts payments through. */
export const ScheduleQuery = z.strictObject({ through: IsoDate })

/** A PDF's or a CSV's bytes: the answer is the file, not JSON. */
export const FileDownload = z.unknown()

/**
 * The forms a draw's screens offer (§18a): the final forms for a step's last draw, the
 * progress forms for the others. Any form may still be asked for any draw.
 */
export const waiverFormsOf = (lastDraw: boolean) =>
  lastDraw
    ? ({ conditional: 'conditional-final', unconditional: 'unconditional-final' } as const)
    : ({ conditional: 'conditional-progress', unconditional: 'unconditional-progress' } as const)

/** Where the owner's filled form of a draw is downloaded (under /api). */
export const waiverPath = (form: WaiverForm, drawId: string) =>
  `/waivers/${form}.pdf?drawId=${encodeURIComponent(drawId)}`

/** Where the trade's filled form of a draw of its award is downloaded (under /api). */
export const tradeWaiverPath = (form: WaiverForm, drawId: string) =>
  `/trade${waiverPath(form, drawId)}`

/** Where the schedule of values through `through` is downloaded (under /api). */
export const schedulePath = (format: 'csv' | 'pdf', through: string) =>
  `/exports/schedule-of-values.${format}?through=${encodeURIComponent(through)}`
