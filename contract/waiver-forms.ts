/**
 * The statutory waiver forms by name, and where a draw's filled form and the exports are
 * downloaded (PRODUCT.md §15): no schemas, so the trade portal's chunk takes only these.
 */

/** The four forms of California Civil Code §§ 8132–8138, as their addresses name them. */
export const WAIVER_FORMS = [
  'conditional-progress',
  'unconditional-progress',
  'conditional-final',
  'unconditional-final',
] as const
export type WaiverForm = (typeof WAIVER_FORMS)[number]

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
