/**
 * Lien-safe payments' downloads (PRODUCT.md §15, §18a): the four statutory waiver forms, filled
 * for a draw, and the exports for the accountant and the lender.
 */
import { z } from 'zod/mini'
import { IsoDate } from './timeline'
import { WAIVER_FORMS } from './waiver-forms'

/** One of the four statutory forms, by the name its address uses. */
export const WaiverForm = z.enum(
  WAIVER_FORMS,
  `Choose ${WAIVER_FORMS.slice(0, -1).join(', ')} or ${WAIVER_FORMS.at(-1)}`,
)

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
