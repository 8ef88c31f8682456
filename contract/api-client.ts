/**
 * Request and answer schemas of the builder's calls (a client whose city we serve). Apart from
 * the sign-in calls' (api.ts), so the landing pages do not load them.
 */
import { z } from 'zod/mini'
import { EngineeringChoices, PermitChoices, PoolDesignChoices, StageChoices } from './choices'
import { ManagerRequest, NonStageTitle, PoolEntry, Required, Text } from './domain'
import { Cents } from './pricing'

const PoolDesignEdit = z.strictObject({
  Title: z.literal('Pool Design'),
  choices: PoolDesignChoices,
})
const EngineeringEdit = z.strictObject({
  Title: z.literal('Engineering'),
  choices: EngineeringChoices,
})
const PermitsEdit = z.strictObject({ Title: z.literal('Permits'), choices: PermitChoices })
const StageEdit = z.strictObject({ StageId: z.uuid(), choices: StageChoices })
export const EditPoolBody = z.union([StageEdit, PoolDesignEdit, EngineeringEdit, PermitsEdit])
export type EditPoolBody = z.infer<typeof EditPoolBody>

export const MarkDoneBody = z.strictObject({ StageId: z.uuid(), done: z.boolean() })
export const MarkDone1Body = z.strictObject({ Title: NonStageTitle, done: z.boolean() })

/** The longest vendor name and note a quote keeps; the quote form checks the same. */
export const QUOTE_LIMITS = { vendor: 100, note: 500 } as const

/** A quote's own fields, beside whichever step it names. */
export const QuoteFields = {
  vendor: Required(QUOTE_LIMITS.vendor),
  amount: Cents.check(z.refine((c) => c > 0, 'Amount must be more than zero')),
  note: z.optional(Text(QUOTE_LIMITS.note)),
  /** One of the owner's trades that does the step; none (or null) when it is not recorded. */
  tradeId: z.optional(z.nullable(z.uuid('Choose one of your trades'))),
}
export const AddQuoteBody = z.strictObject({ StageId: z.uuid(), ...QuoteFields })
export const AddQuote1Body = z.strictObject({ Title: NonStageTitle, ...QuoteFields })

export const QuoteRefBody = z.union([
  z.strictObject({ StageId: z.uuid(), quoteId: z.uuid() }),
  z.strictObject({ Title: NonStageTitle, quoteId: z.uuid() }),
])

/**
 * Accepting a quote: `acknowledge` accepts it although its trade has warnings on a licensed step
 * (PRODUCT.md §13), which the audit log then records.
 */
const acknowledge = { acknowledge: z.optional(z.boolean()) }
export const AcceptQuoteBody = z.union([
  z.strictObject({ StageId: z.uuid(), quoteId: z.uuid(), ...acknowledge }),
  z.strictObject({ Title: NonStageTitle, quoteId: z.uuid(), ...acknowledge }),
])
export type AcceptQuoteBody = z.infer<typeof AcceptQuoteBody>

export const EntryData = PoolEntry

export const RequestBuilderData = z.object({ BuilderRequested: z.literal(true) })
export const RequestManagerBody = z.strictObject({
  managerId: z.uuid(),
  message: z.optional(Text(1000)),
})
export const RequestManagerData = ManagerRequest
