/**
 * Bid requests, scope items and the trade portal (PRODUCT.md §14, §18a): what the owner asks of a
 * trade, what the trade sees by its link and answers, and how bids are levelled on one scope.
 */
import { z } from 'zod/mini'
import { StepSlug } from './construction'
import { StoredFile } from './documents'
import { QuoteItem, Text, Timestamp } from './domain'
import { DrawPaymentRequest } from './money'
import { Cents } from './pricing'
import { ScopeItem, StepScope } from './scope'
import { Required } from './text'
import { DateInput, IsoDate } from './timeline'

// ---- Scope items -------------------------------------------------------------------------------

/** The most items a step's scope holds, and the most its shares add up to (whole percent). */
export const SCOPE_LIMITS = { items: 20, text: 200, shareTotal: 100 } as const

export { ScopeItem, StepScope }

const Share = z
  .int('Enter a whole percent')
  .check(z.minimum(0, 'Enter a share from 0 to 100'), z.maximum(100, 'Enter a share from 0 to 100'))

export const ScopeEditBody = z.strictObject({
  items: z
    .array(
      z.strictObject({
        id: z.optional(z.uuid()),
        text: Required(SCOPE_LIMITS.text),
        share: Share,
      }),
    )
    .check(
      z.maxLength(SCOPE_LIMITS.items, `At most ${SCOPE_LIMITS.items} items a step`),
      z.refine(
        (items) => items.reduce((sum, item) => sum + item.share, 0) <= SCOPE_LIMITS.shareTotal,
        'The shares add up to more than 100%',
      ),
    ),
})
export type ScopeEditBody = z.output<typeof ScopeEditBody>

export { QuoteItem }

/**
 * A quote levelled on the step's scope: its amount plus, for each item it leaves out, that
 * item's share of the step's estimate (cents, rounded once at the end). Null without items.
 */
export function levelledAmount(
  amount: number,
  items: readonly QuoteItem[] | null,
  scope: readonly ScopeItem[],
  estimate: number,
): number | null {
  if (items === null) return null
  const excluded = new Set(items.filter((item) => !item.included).map((item) => item.itemId))
  const percent = scope
    .filter((item) => excluded.has(item.id))
    .reduce((sum, item) => sum + item.share, 0)
  return amount + Math.round((estimate * percent) / 100)
}

// ---- Bid requests (the owner's side) ------------------------------------------------------------

export const BID_REQUEST_STATUSES = [
  'sent',
  'viewed',
  'submitted',
  'declined',
  'withdrawn',
  'expired',
] as const
export const BidRequestStatus = z.enum(BID_REQUEST_STATUSES)
export type BidRequestStatus = z.infer<typeof BidRequestStatus>

/** A request is open, and its trade may not be asked again for the step, while in one of these. */
export const OPEN_BID_STATUSES: readonly BidRequestStatus[] = ['sent', 'viewed', 'submitted']

/** What the screens call each status (§19). */
export const BID_STATUS_LABELS: Record<BidRequestStatus, string> = {
  sent: 'Sent',
  viewed: 'Viewed',
  submitted: 'Bid received',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
}

export const BID_LIMITS = {
  trades: 10,
  message: 2000,
  note: 2000,
  reason: 500,
  dueDays: 60,
} as const

export const BidRequest = z.object({
  id: z.uuid(),
  step: StepSlug,
  tradeId: z.uuid(),
  company: z.string(),
  dueOn: IsoDate,
  message: z.string(),
  status: BidRequestStatus,
  sentAt: Timestamp,
  viewedAt: z.nullable(Timestamp),
  respondedAt: z.nullable(Timestamp),
  /** The quote the trade's bid made on the step, once submitted. */
  quoteId: z.nullable(z.uuid()),
  declineReason: z.nullable(z.string()),
  /** The owner's files (kinds plan and permit) attached to the request. */
  fileIds: z.array(z.uuid()),
})
export type BidRequest = z.infer<typeof BidRequest>

/** The due date is checked against the project's day on the server: tomorrow to 60 days ahead. */
export const BidRequestBody = z.strictObject({
  step: StepSlug,
  tradeIds: z.array(z.uuid('Choose one of your trades')).check(
    z.minLength(1, 'Choose at least one trade'),
    z.maxLength(BID_LIMITS.trades, `Choose at most ${BID_LIMITS.trades} trades`),
    z.refine((ids) => new Set(ids).size === ids.length, 'Choose each trade once'),
  ),
  dueOn: DateInput,
  message: z.optional(Text(BID_LIMITS.message)),
  fileIds: z.optional(
    z.array(z.uuid('Unknown file')).check(z.maxLength(20, 'Attach at most 20 files')),
  ),
})
export type BidRequestBody = z.output<typeof BidRequestBody>

export const BidRequestsQuery = z.strictObject({ step: z.optional(StepSlug) })

// ---- The trade portal -------------------------------------------------------------------------

/** A link's token: 128 random bits or more, base64url. */
export const LinkToken = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{22,128}$/, 'This link is not valid'))

export const TradeLoginBody = z.strictObject({ token: LinkToken })
/**
 * What the link's page shows before the trade signs in: the step and whose project, no more
 * (the link is a secret sent to the trade alone).
 */
export const TradeLinkData = z.object({
  step: StepSlug,
  title: z.string(),
  ownerName: z.string(),
  city: z.string(),
})
export type TradeLinkData = z.infer<typeof TradeLinkData>
export const TradeLoginData = z.object({ sentTo: z.string() })
export const TradeVerifyBody = z.strictObject({
  token: LinkToken,
  code: z.string().check(z.regex(/^[0-9]{6}$/, 'Enter the 6-digit code')),
})

export const TradeBid = z.object({
  amount: Cents,
  items: z.array(QuoteItem),
  note: z.string(),
  validUntil: z.nullable(IsoDate),
  fileId: z.nullable(z.uuid()),
  submittedAt: Timestamp,
})

/** A payment request as its trade reads it: on which draw of its award. */
export const TradePayment = z.extend(DrawPaymentRequest, { drawId: z.uuid() })
export type TradePayment = z.infer<typeof TradePayment>

export const TradeView = z.object({
  request: z.object({
    step: StepSlug,
    title: z.string(),
    dueOn: IsoDate,
    status: BidRequestStatus,
    message: z.string(),
  }),
  project: z.object({
    ownerName: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    /** The IANA zone of the project's day, which the due date is counted in. */
    timeZone: z.string(),
  }),
  quantities: z.array(z.object({ label: z.string(), value: z.number(), unit: z.string() })),
  scope: z.array(z.object({ id: z.uuid(), text: z.string() })),
  planned: z.nullable(z.object({ start: IsoDate, end: IsoDate })),
  files: z.array(StoredFile),
  bid: z.nullable(TradeBid),
  award: z.nullable(
    z.object({
      amount: Cents,
      /** The approved change orders' sum, in cents. */
      changeOrders: Cents,
      draws: z.array(
        z.object({
          id: z.uuid(),
          label: z.string(),
          amount: Cents,
          /** What the owner has paid on it. */
          paid: Cents,
          /** Whether the owner holds the trade's unconditional waiver for it. */
          unconditionalWaiver: z.boolean(),
        }),
      ),
      dates: z.object({
        start: z.nullable(IsoDate),
        end: z.nullable(IsoDate),
        confirmed: z.boolean(),
        proposed: z.nullable(IsoDate),
      }),
    }),
  ),
  /** The trade's payment requests (§15), oldest first. */
  payments: z.array(TradePayment),
})
export type TradeView = z.infer<typeof TradeView>

export const TradeBidBody = z.strictObject({
  amount: Cents.check(z.refine((c) => c > 0, 'Amount must be more than zero')),
  items: z
    .array(z.strictObject({ itemId: z.uuid(), included: z.boolean() }))
    .check(z.maxLength(SCOPE_LIMITS.items, `At most ${SCOPE_LIMITS.items} items`)),
  note: z.optional(Text(BID_LIMITS.note)),
  validUntil: z.optional(DateInput),
  fileId: z.optional(z.uuid('Unknown file')),
})
export type TradeBidBody = z.output<typeof TradeBidBody>

export const TradeDeclineBody = z.strictObject({ reason: Required(BID_LIMITS.reason) })

/** Another start the awarded trade proposes, with a note. */
export const TradeDatesProposal = z.strictObject({
  start: DateInput,
  note: z.optional(Text(BID_LIMITS.reason)),
})
export const TradeDatesBody = z.union([
  z.strictObject({ confirm: z.literal(true) }),
  TradeDatesProposal,
])
export type TradeDatesBody = z.output<typeof TradeDatesBody>

/**
 * "Request payment" (§15) on a draw of the trade's award: at most what the draw still owes, with
 * the trade's own uploads of an invoice and a conditional waiver.
 */
export const TradePaymentRequestBody = z.strictObject({
  drawId: z.uuid('Choose a draw of your contract'),
  amount: Cents.check(z.minimum(1, 'Enter an amount above $0')),
  invoiceFileId: z.uuid('Upload your invoice'),
  conditionalWaiverFileId: z.uuid('Upload your conditional waiver'),
})
export type TradePaymentRequestBody = z.output<typeof TradePaymentRequestBody>

/**
 * The trade's signed unconditional waiver (§15) for a draw the owner has paid: the trade's own
 * upload, which becomes the draw's unconditional waiver.
 */
export const TradeLienWaiverBody = z.strictObject({
  drawId: z.uuid('Choose a draw of your contract'),
  fileId: z.uuid('Upload your unconditional waiver'),
})
export type TradeLienWaiverBody = z.output<typeof TradeLienWaiverBody>

/** The kinds a trade may upload (§14). */
export const TradeFileBody = z.strictObject({ kind: z.enum(['invoice', 'lien-waiver', 'other']) })
export type TradeFileKind = z.infer<typeof TradeFileBody>['kind']

/** The codes of the bids' refusals, beside the general ones of problem.ts. */
export const BidsProblemCode = {
  /** The trade already holds an open request for the step (409). */
  bidRequested: 'BID_REQUESTED',
  /** An unknown, expired, withdrawn or replaced link (410). */
  linkGone: 'LINK_GONE',
  /** A bid after the due date (409). */
  bidClosed: 'BID_CLOSED',
  /** A bid on a quote the owner has accepted (409). */
  bidAccepted: 'BID_ACCEPTED',
  /** Dates answered before the trade's bid was accepted (409). */
  notAwarded: 'NOT_AWARDED',
} as const

/** How long a trade session lasts: 4 hours. */
export const TRADE_SESSION_SECONDS = 4 * 60 * 60
/** The trade session's cookie. */
export const TRADE_SESSION_COOKIE = 'trade_session'
