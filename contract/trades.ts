/**
 * The trades of a project (PRODUCT.md §13): who does the work, their California licence, their
 * insurance and workers' comp, and the warnings worked out from them on every read.
 */
import { addDays, formatISO, parseISO } from 'date-fns'
import { z } from 'zod/mini'
import { STEP_SLUGS, StepSlug } from './construction'
import { Email } from './domain'
import { Phone } from './people'
import { Required } from './text'
import { DateInput, IsoDate } from './timeline'

const Timestamp = z.iso.datetime({ offset: true })

/** Steps that are not licensed work: a trade of only these needs no licence or insurance. */
export const UNLICENSED_STEPS: readonly StepSlug[] = ['pool-design', 'engineering', 'permits']

export const isLicensedStep = (step: StepSlug) => !UNLICENSED_STEPS.includes(step)

/** A CSLB classification: "B", "C-" and one or two digits, or "D-" and two. */
export const LICENCE_CLASS_PATTERN = /^(B|C-[0-9]{1,2}|D-[0-9]{2})$/

/** Every licensed step takes these: general building and swimming pool. */
const ANY_LICENSED_STEP = ['B', 'C-53']

/** The classes that fit a licensed step besides B and C-53; `any` takes every class (extras). */
export const STEP_CLASSES: Record<StepSlug, readonly string[] | 'any' | null> = {
  'pool-design': null,
  engineering: null,
  permits: null,
  excavation: ['C-12'],
  steel: ['C-50'],
  plumbing: ['C-36'],
  electrical: ['C-10'],
  shotcrete: ['C-8'],
  tile: ['C-54'],
  decking: ['C-8', 'C-54'],
  extras: 'any',
  interior: ['C-35'],
  'pool-startup': ['D-35'],
}

/** Whether a licence of this class may do this step's work. */
export function classFits(classification: string, step: StepSlug): boolean {
  const classes = STEP_CLASSES[step]
  if (classes === null) return false
  return classes === 'any' || [...ANY_LICENSED_STEP, ...classes].includes(classification)
}

/** Insurance that ends within this many days (today included) is about to end. */
export const INSURANCE_EXPIRING_DAYS = 30

export const TRADE_WARNING_CODES = [
  'LICENCE_MISSING',
  'LICENCE_CLASS',
  'INSURANCE_MISSING',
  'INSURANCE_EXPIRED',
  'INSURANCE_EXPIRING',
  'COMP_MISSING',
] as const
export const TradeWarningCode = z.enum(TRADE_WARNING_CODES)
export type TradeWarningCode = z.infer<typeof TradeWarningCode>

export const TradeWarning = z.object({
  code: TradeWarningCode,
  step: z.optional(StepSlug),
  message: z.string(),
})
export type TradeWarning = z.infer<typeof TradeWarning>

export const Trade = z.object({
  id: z.uuid(),
  company: z.string(),
  contact: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  steps: z.array(StepSlug),
  licence: z.object({
    number: z.nullable(z.string()),
    classification: z.nullable(z.string()),
    checkedOn: z.nullable(IsoDate),
  }),
  insurance: z.object({ expiresOn: z.nullable(IsoDate), fileId: z.nullable(z.uuid()) }),
  workersComp: z.object({
    exempt: z.boolean(),
    expiresOn: z.nullable(IsoDate),
    fileId: z.nullable(z.uuid()),
  }),
  warnings: z.array(TradeWarning),
  createdAt: Timestamp,
})
export type Trade = z.infer<typeof Trade>

/** A trade as stored: everything but its warnings, which are worked out when it is read. */
export type TradeFacts = Omit<Trade, 'warnings'>

const FileId = z.optional(z.nullable(z.uuid('Unknown file')))

export const TradeBody = z.strictObject({
  company: Required(120),
  contact: Required(120),
  email: Email,
  phone: z.optional(Phone),
  steps: z.array(StepSlug).check(
    z.minLength(1, 'Choose at least one step'),
    z.maxLength(STEP_SLUGS.length, 'Choose each step once'),
    z.refine((steps) => new Set(steps).size === steps.length, 'Choose each step once'),
  ),
  licenceNumber: z.optional(
    z.string().check(z.trim(), z.regex(/^[0-9]{1,8}$/, 'Enter the licence number: 1 to 8 digits')),
  ),
  licenceClass: z.optional(
    z
      .pipe(
        z.string().check(z.trim()),
        z.transform((s: string) => s.toUpperCase()),
      )
      .check(z.regex(LICENCE_CLASS_PATTERN, 'Enter a class like B, C-53 or D-35')),
  ),
  /** Not in the future either: the server checks that against the project's day. */
  licenceCheckedOn: z.optional(DateInput),
  insuranceExpiresOn: z.optional(DateInput),
  insuranceFileId: FileId,
  compExempt: z.optional(z.boolean()),
  compExpiresOn: z.optional(DateInput),
  compFileId: FileId,
})
export type TradeBody = z.output<typeof TradeBody>

/** What the owner reads of each warning; the screens' badges are shorter (§19). */
const WARNING_MESSAGES: Record<TradeWarningCode, string> = {
  LICENCE_MISSING: 'Record the licence number and the day you checked it with the CSLB.',
  LICENCE_CLASS: 'This licence class does not cover any of the licensed steps this trade does.',
  INSURANCE_MISSING: 'Record when the liability insurance ends.',
  INSURANCE_EXPIRED: 'The liability insurance has ended.',
  INSURANCE_EXPIRING: 'The liability insurance ends within 30 days.',
  COMP_MISSING: "Record a workers' comp certificate, or that the trade is exempt.",
}

const warning = (code: TradeWarningCode): TradeWarning => ({
  code,
  message: WARNING_MESSAGES[code],
})

/** The insurance warning on `today`, if any. */
function insuranceWarning(expiresOn: string | null, today: string): TradeWarningCode | null {
  if (expiresOn === null) return 'INSURANCE_MISSING'
  if (expiresOn < today) return 'INSURANCE_EXPIRED'
  const soon = formatISO(addDays(parseISO(today), INSURANCE_EXPIRING_DAYS), {
    representation: 'date',
  })
  return expiresOn <= soon ? 'INSURANCE_EXPIRING' : null
}

/**
 * What is wrong with a trade on `today` (the project's day, `YYYY-MM-DD`): nothing for a trade of
 * only unlicensed steps. A class is judged only once recorded: a licence without one is not
 * missing, and the owner is not told it does not fit.
 */
export function tradeWarnings(trade: TradeFacts, today: string): TradeWarning[] {
  const licensed = trade.steps.filter(isLicensedStep)
  if (licensed.length === 0) return []
  const { licence, insurance, workersComp } = trade
  const { classification } = licence
  const codes: (TradeWarningCode | null)[] = [
    licence.number === null || licence.checkedOn === null ? 'LICENCE_MISSING' : null,
    classification !== null && !licensed.some((step) => classFits(classification, step))
      ? 'LICENCE_CLASS'
      : null,
    insuranceWarning(insurance.expiresOn, today),
    workersComp.fileId === null && !workersComp.exempt ? 'COMP_MISSING' : null,
  ]
  return codes.filter((code) => code !== null).map(warning)
}

/** The codes of the trades calls' refusals, beside the general ones of problem.ts. */
export const TradesProblemCode = {
  /** Another trade of the project has this email (409). */
  tradeExists: 'TRADE_EXISTS',
  /** The trade holds a step's accepted quote, its contract (409). */
  tradeHasContract: 'TRADE_HAS_CONTRACT',
  /**
   * Accepting a quote on a licensed step whose trade has warnings, without `acknowledge` (409):
   * its `errors` hold the warnings' messages by code.
   */
  tradeNotVerified: 'TRADE_NOT_VERIFIED',
} as const

/** Whether a refusal's messages by field are a trade's warnings (TRADE_NOT_VERIFIED). */
export const areTradeWarnings = (fields: Record<string, string[]>) =>
  TRADE_WARNING_CODES.some((code) => code in fields)

/** The CSLB's public licence lookup: PoolPath records what the owner found there. */
export const CSLB_LOOKUP_URL =
  'https://www.cslb.ca.gov/OnlineServices/CheckLicenseII/CheckLicense.aspx'
