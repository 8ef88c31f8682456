/**
 * Preliminary notices (PRODUCT.md §15): the 20-day notices the owner receives from those who work
 * for or supply a trade, each of whom may lien the home unless they waive it for every payment.
 */
import { z } from 'zod/mini'
import { Cents } from './pricing'
import { Required, Text } from './text'
import { DateInput, IsoDate } from './timeline'

export const NoticeRole = z.enum(
  ['subcontractor', 'supplier', 'equipment', 'laborer'],
  'Choose a role',
)
export type NoticeRole = z.infer<typeof NoticeRole>

export const Notice = z.object({
  id: z.uuid(),
  claimant: z.string(),
  role: NoticeRole,
  /** The trade the claimant works for or supplies. */
  tradeId: z.uuid(),
  receivedOn: IsoDate,
  amount: z.nullable(Cents),
  address: z.nullable(z.string()),
})
export type Notice = z.infer<typeof Notice>

export const NoticeBody = z.strictObject({
  claimant: Required(120),
  role: NoticeRole,
  tradeId: z.uuid('Choose one of your trades'),
  receivedOn: DateInput,
  amount: z.optional(z.nullable(Cents)),
  address: z.optional(z.nullable(Text(300))),
})
export type NoticeBody = z.output<typeof NoticeBody>

/** Which of a claimant's two waivers for a payment: before it clears, or once it has. */
export const WaiverKind = z.enum(['conditional', 'unconditional'], 'Choose a kind of waiver')
export type WaiverKind = z.infer<typeof WaiverKind>
