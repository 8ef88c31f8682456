/**
 * Money on the wire (PRODUCT.md §10): each step's contract (its accepted quote), the payment
 * plan ("draws"), the payments, the change orders, the warnings and the cash flow by month.
 * All amounts are integer cents; dates are ISO `YYYY-MM-DD` days of the project's calendar.
 */
import { z } from 'zod/mini'
import { StepSlug } from './construction'
import { Required, Text, Timestamp } from './domain'
import { Cents, MAX_CENTS, TOO_MUCH } from './pricing'
import { DateInput, IsoDate } from './timeline'

/** When a draw falls due: at signing, when the step starts, when it is done, or when its inspection passed. */
export const DrawDue = z.enum(['signing', 'start', 'done', 'inspection'], 'Choose when it is due')
export type DrawDue = z.infer<typeof DrawDue>

export const PaymentMethod = z.enum(
  ['check', 'card', 'transfer', 'cash', 'other'],
  'Choose a method',
)
export type PaymentMethod = z.infer<typeof PaymentMethod>

export const ChangeOrderStatus = z.enum(['proposed', 'approved', 'rejected'])
export type ChangeOrderStatus = z.infer<typeof ChangeOrderStatus>

/** What a change order adds (+) or takes off (−) a contract; never zero. */
export const SignedCents = z.int('Enter a whole number of cents').check(
  z.minimum(-MAX_CENTS, 'Enter at least −$9,999,999'),
  z.maximum(MAX_CENTS, TOO_MUCH),
  z.refine((n: number) => n !== 0, 'Enter an amount other than $0'),
)

export const MoneyWarningCode = z.enum([
  'PAID_AHEAD_OF_WORK',
  'MISSING_LIEN_WAIVER',
  'OVER_ESTIMATE',
  'QUOTE_FAR_OFF',
  'NO_TRADE',
])
export type MoneyWarningCode = z.infer<typeof MoneyWarningCode>

export const Payment = z.object({
  id: z.uuid(),
  paidOn: IsoDate,
  amount: Cents,
  method: PaymentMethod,
  reference: z.string(),
})
export type Payment = z.infer<typeof Payment>

export const PAYMENT_REQUEST_STATUSES = ['open', 'paid', 'declined'] as const
export const PaymentRequestStatus = z.enum(PAYMENT_REQUEST_STATUSES)
export type PaymentRequestStatus = z.infer<typeof PaymentRequestStatus>

/**
 * A trade's request to be paid on a draw (PRODUCT.md §15), with its invoice and conditional
 * waiver (null once the owner deleted the file). Open until a payment on the draw covers it or
 * the owner declines it.
 */
export const DrawPaymentRequest = z.object({
  id: z.uuid(),
  amount: Cents,
  invoiceFileId: z.nullable(z.uuid()),
  conditionalWaiverFileId: z.nullable(z.uuid()),
  requestedAt: Timestamp,
  status: PaymentRequestStatus,
})
export type DrawPaymentRequest = z.infer<typeof DrawPaymentRequest>

export const Draw = z.object({
  id: z.uuid(),
  label: z.string(),
  amount: Cents,
  due: DrawDue,
  /** The day it falls due, from the timeline; null while the timeline cannot tell. */
  dueOn: z.nullable(IsoDate),
  paid: Cents,
  payments: z.array(Payment),
  lienWaiverFileId: z.nullable(z.uuid()),
  /** The trades' payment requests on it, oldest first. */
  requests: z.array(DrawPaymentRequest),
})
export type Draw = z.infer<typeof Draw>

export const ChangeOrder = z.object({
  id: z.uuid(),
  description: z.string(),
  amount: z.int(),
  status: ChangeOrderStatus,
  createdAt: Timestamp,
})
export type ChangeOrder = z.infer<typeof ChangeOrder>

export const StepWarning = z.object({ code: MoneyWarningCode, message: z.string() })
export type StepWarning = z.infer<typeof StepWarning>

export const MoneyStep = z.object({
  step: StepSlug,
  title: z.string(),
  /** Null while it cannot be estimated (no saved design, no engineer chosen, no permit fee). */
  estimate: z.nullable(Cents),
  contract: z.nullable(z.object({ quoteId: z.uuid(), vendor: z.string(), amount: Cents })),
  changeOrders: z.array(ChangeOrder),
  /** The accepted quote plus the approved change orders; 0 without a contract. */
  committed: z.int(),
  paid: Cents,
  draws: z.array(Draw),
  warnings: z.array(StepWarning),
})
export type MoneyStep = z.infer<typeof MoneyStep>

export const Money = z.object({
  totals: z.object({
    /** Null until every step can be estimated (the pool design is saved). */
    estimate: z.nullable(z.int()),
    committed: z.int(),
    paid: z.int(),
    /** What is still owed on the contracts: committed − paid. */
    remaining: z.int(),
  }),
  steps: z.array(MoneyStep),
  warnings: z.array(z.object({ code: MoneyWarningCode, step: StepSlug, message: z.string() })),
  /** Planned (draws by the month they fall due) and paid, by month, oldest first. */
  cashflow: z.array(z.object({ month: z.string(), planned: z.int(), paid: z.int() })),
})
export type Money = z.infer<typeof Money>

/**
 * A row of a payment plan. `id` names the existing draw it edits (as Money answers it), so
 * that draw keeps its payments and lien waiver; without one the server matches the row by
 * label, then by order.
 */
export const DrawInput = z.strictObject({
  id: z.optional(z.uuid('Unknown draw')),
  label: Required(60),
  amount: Cents,
  due: DrawDue,
})
export type DrawInput = z.infer<typeof DrawInput>

export const MAX_DRAWS = 12

export const DrawsBody = z.strictObject({
  step: StepSlug,
  draws: z.array(DrawInput).check(
    z.minLength(1, 'Add at least one draw'),
    z.maxLength(MAX_DRAWS, `Use at most ${MAX_DRAWS} draws`),
    z.refine((rows) => {
      const ids = rows.flatMap((row) => row.id ?? [])
      return new Set(ids).size === ids.length
    }, 'Each draw can appear only once'),
  ),
})

export const PaymentBody = z.strictObject({
  paidOn: DateInput,
  amount: Cents.check(z.minimum(1, 'Enter an amount above $0')),
  method: PaymentMethod,
  reference: z.optional(Text(80)),
})

export const ChangeOrderBody = z.strictObject({
  step: StepSlug,
  description: Required(300),
  amount: SignedCents,
})

/** The owner's answer to a payment request: paying it is recording a payment on its draw. */
export const PaymentRequestDecisionBody = z.strictObject({
  status: z.literal('declined', 'Only declining is answered here: record a payment to pay it'),
})

export const ChangeOrderDecisionBody = z.strictObject({
  status: z.enum(['approved', 'rejected'], 'Choose approved or rejected'),
})

/** The codes of the money calls' refusals, beside the general ones of problem.ts. */
export const MoneyProblemCode = {
  /** The draws do not add up to the committed cost (400, with the difference). */
  drawsMustSum: 'DRAWS_MUST_SUM',
  /** Replacing or removing an accepted quote that has payments (409). */
  contractHasPayments: 'CONTRACT_HAS_PAYMENTS',
  /** A payment above what its draw still owes (409). */
  paymentExceedsDraw: 'PAYMENT_EXCEEDS_DRAW',
  /** Draws or change orders on a step without an accepted quote (409). */
  noContract: 'NO_CONTRACT',
  /** Deciding a change order that was already approved or rejected (409). */
  changeOrderDecided: 'CHANGE_ORDER_DECIDED',
  /** Draws that would owe less than was already paid on them (409). */
  drawBelowPaid: 'DRAW_BELOW_PAID',
  /** Declining a payment request that is no longer open (409). */
  paymentRequestClosed: 'PAYMENT_REQUEST_CLOSED',
} as const
