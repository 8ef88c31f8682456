import { z } from 'zod/mini'
import { Cents, Pricing } from './pricing'
import { NON_STAGE_TITLES } from './steps'
import { Required, Text } from './text'

/** A MANAGER is one of the back office's project managers, signed in (PRODUCT.md §18). */
export const Role = z.enum(['CLIENT', 'ADMIN', 'MANAGER'])
export type Role = z.infer<typeof Role>

const Timestamp = z.iso.datetime({ offset: true })
/** A calendar day, `YYYY-MM-DD` (timeline.ts's IsoDate, which imports this file). */
const IsoDay = z.iso.date()

export const Email = z.pipe(
  z.pipe(z.string().check(z.trim(), z.maxLength(254)), z.email('Enter a valid email address')),
  z.transform((e: string) => e.toLowerCase()),
)

/** A word typed in one case ("austin", "SAN") is capitalised; one in mixed case ("McAllen") kept. */
const tidyWord = (word: string) =>
  word === word.toLowerCase() || word === word.toUpperCase()
    ? word
        .split('-')
        .map((part) => part.charAt(0).toUpperCase() + part.slice(1).toLowerCase())
        .join('-')
    : word.charAt(0).toUpperCase() + word.slice(1)

/**
 * A city's name as it is shown, however it was typed: " san  antonio" → "San Antonio",
 * "winston-salem" → "Winston-Salem". The same rule tidied the names stored before it
 * (migration 0012), so old and new rows read alike.
 */
export const tidyCityName = (name: string) => name.trim().split(/\s+/).map(tidyWord).join(' ')

export const CityName = z.pipe(Required(80), z.transform(tidyCityName))

/** A served city matches a client's city case- and space-insensitively. */
export const cityKey = (name: string, state: string) =>
  `${name.toLowerCase().replace(/\s+/g, '')}|${state.trim().toUpperCase()}`

export const DesignTip = z.object({ id: z.uuid(), stageId: z.uuid(), text: z.string() })
export type DesignTip = z.infer<typeof DesignTip>

export const Stage = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  order: z.int(),
  pricing: Pricing,
  designTip: DesignTip,
})
export type Stage = z.infer<typeof Stage>

export const NonStageTitle = z.enum(NON_STAGE_TITLES)

export const NonStage = z.object({ title: NonStageTitle, description: z.string() })
export type NonStage = z.infer<typeof NonStage>

/** True on the sample data a new database is seeded with (until an admin edits it); absent otherwise. */
const SampleFlag = z.optional(z.literal(true))

export const City = z.object({
  id: z.uuid(),
  name: z.string(),
  state: z.string(),
  permitFee: Cents,
  /** The IANA zone whose day is its projects' "today". */
  timeZone: z.string(),
  sample: SampleFlag,
})
export type City = z.infer<typeof City>

/** Who an engineer or a manager is and how to reach them; their own fields come between. */
const professional = {
  id: z.uuid(),
  name: z.string(),
  company: z.string(),
  email: z.string(),
  phone: z.string(),
}
/** What the client pays for one, and whether they are sample data; last on the wire. */
const professionalFee = { fee: Cents, sample: SampleFlag }

export const Engineer = z.object({ ...professional, licenseNo: z.string(), ...professionalFee })
export type Engineer = z.infer<typeof Engineer>

export const Manager = z.object({
  ...professional,
  bio: z.string(),
  yearsExperience: z.int(),
  ...professionalFee,
})
export type Manager = z.infer<typeof Manager>

/** What a bid says of one of the step's scope items: in it or not. */
export const QuoteItem = z.object({ itemId: z.uuid(), included: z.boolean() })
export type QuoteItem = z.infer<typeof QuoteItem>

export const Quote = z.object({
  id: z.uuid(),
  vendor: z.string(),
  amount: Cents,
  note: z.string(),
  createdAt: Timestamp,
  accepted: z.boolean(),
  /** The owner's trade who quoted (PRODUCT.md §13), or null when none was recorded. */
  tradeId: z.nullable(z.uuid()),
  /** The bid request whose bid made the quote (PRODUCT.md §14), or null. */
  bidRequestId: z.nullable(z.uuid()),
  /** What the bid says of each of the step's scope items; null for a quote without. */
  items: z.nullable(z.array(QuoteItem)),
  validUntil: z.nullable(IsoDay),
  /** The bid's proposal, among the owner's files. */
  fileId: z.nullable(z.uuid()),
  /** The amount levelled on the step's scope (cents), or null without items. */
  levelled: z.nullable(Cents),
  /** The manager who entered the quote for the owner, or null when the owner did. */
  enteredBy: z.nullable(z.string()),
})
export type Quote = z.infer<typeof Quote>

const entryBase = {
  choices: z.record(z.string(), z.unknown()),
  done: z.boolean(),
  doneAt: z.nullable(Timestamp),
  quotes: z.array(Quote),
}
export const StageEntry = z.object({ StageId: z.uuid(), ...entryBase })
export const NonStageEntry = z.object({ Title: NonStageTitle, ...entryBase })
export const PoolEntry = z.union([StageEntry, NonStageEntry])
export type StageEntry = z.infer<typeof StageEntry>
export type NonStageEntry = z.infer<typeof NonStageEntry>
export type PoolEntry = z.infer<typeof PoolEntry>

export const AdminUser = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: Role,
  createdAt: Timestamp,
})
export type AdminUser = z.infer<typeof AdminUser>

export const ClientUser = z.extend(AdminUser, {
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  onWaiting: z.boolean(),
  perk: z.nullable(z.string()),
})
export type ClientUser = z.infer<typeof ClientUser>

/** userData of the session: a client's profile, or an admin's. */
export const UserData = z.union([
  /**
   * A client's session also carries the time zone of its project's day (its city's); a session
   * stored before zones were has none, and the app takes its state's.
   */
  z.extend(ClientUser, { timeZone: z.optional(z.string()) }),
  AdminUser,
])
export type UserData = z.infer<typeof UserData>

/**
 * A client as the admin sees it: profile, Flag, progress through the 13 steps, and money in
 * cents — committed (accepted quotes + approved change orders) and paid so far.
 */
export const AdminClient = z.extend(ClientUser, {
  Flag: z.boolean(),
  stepsDone: z.int(),
  committed: z.int(),
  paid: z.int(),
  /** Bytes of the client's files. */
  storageUsed: z.int(),
})
export type AdminClient = z.infer<typeof AdminClient>

export const RequestStatus = z.enum(['open', 'contacted', 'closed'])
export type RequestStatus = z.infer<typeof RequestStatus>

/** Whose request it is; a manager request's own fields come between this and its status. */
const requestOf = { id: z.uuid(), clientId: z.uuid(), clientName: z.string() }
const requestState = { status: RequestStatus, createdAt: Timestamp }

export const BuilderRequest = z.object({ ...requestOf, ...requestState })
export type BuilderRequest = z.infer<typeof BuilderRequest>

/** A manager request may also be `accepted`: that manager is assigned to the client's project. */
export const ManagerRequestStatus = z.enum(['open', 'contacted', 'accepted', 'closed'])
export type ManagerRequestStatus = z.infer<typeof ManagerRequestStatus>

export const ManagerRequest = z.object({
  ...requestOf,
  managerId: z.nullable(z.uuid()),
  managerName: z.string(),
  message: z.string(),
  ...requestState,
  status: ManagerRequestStatus,
})
export type ManagerRequest = z.infer<typeof ManagerRequest>

/**
 * The client's project (seed §3 "poolData"). Beyond the seed's three fields: the permit fee of
 * the client's city (null while it is not served), which the Permits step estimates with, and
 * the client's manager requests, whose status the manager pages show.
 */
export const PoolData = z.object({
  poolChoices: z.array(StageEntry),
  nonStages: z.array(NonStageEntry),
  BuilderRequested: z.boolean(),
  PermitFee: z.nullable(Cents),
  ManagerRequests: z.array(ManagerRequest),
})
export type PoolData = z.infer<typeof PoolData>

export { Text, Required, Timestamp }
export type NonStageTitle = z.infer<typeof NonStageTitle>
