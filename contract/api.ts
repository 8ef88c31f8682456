/**
 * Request and response schemas of every call of the wire contract (PRODUCT.md §4).
 * Success bodies are `{ Data: … }`; errors are problem+json (see problem.ts).
 */
import { z } from 'zod/mini'
import { EngineeringChoices, PermitChoices, PoolDesignChoices, StageChoices } from './choices'
import {
  AdminClient,
  AdminUser,
  BuilderRequest,
  City,
  CityName,
  Email,
  Engineer,
  Manager,
  ManagerRequest,
  NonStage,
  NonStageTitle,
  Phone,
  PoolData,
  PoolEntry,
  RequestStatus,
  Required,
  Role,
  Stage,
  StateCode,
  Text,
  UserData,
} from './domain'
import { Cents, Pricing } from './pricing'

export const envelope = <T extends z.ZodMiniType>(data: T) => z.object({ Data: data })

export const IdParams = z.strictObject({ id: z.uuid('Unknown id') })

/** Calls that take no body still refuse one with fields in it. */
export const NoBody = z.nullish(z.strictObject({}))

// Public and auth

export const StagesData = z.array(Stage)

export const ValidateBody = z.strictObject({ city: CityName, state: StateCode })
export const ValidateData = z.object({ Flag: z.boolean() })

export const LoginBody = z.strictObject({ email: Email })
export const LoginData = z.object({ tempToken: z.string() })

export const Code = z
  .string()
  .check(z.trim(), z.regex(/^[0-9]{6}$/, 'Enter the 6-digit code from the email'))
export const VerifyBody = z.strictObject({ code: Code, rememberMe: z.optional(z.boolean()) })

export const OnboardingBody = z.strictObject({
  code: Code,
  name: Required(100),
  phone: Phone,
  address: Required(200),
  city: CityName,
  state: StateCode,
  rememberMe: z.optional(z.boolean()),
})

export const SessionData = z.object({
  Token: z.string(),
  userData: UserData,
  role: Role,
  poolData: z.nullable(PoolData),
  Flag: z.boolean(),
  Engineers: z.array(Engineer),
  Managers: z.array(Manager),
})
export type SessionData = z.infer<typeof SessionData>

/**
 * A client's refresh also carries its current pool data and directory, so a client signed in
 * for days sees new engineers, managers and request statuses, and a browser whose storage was
 * cleared gets its project back with the session.
 */
export const RefreshData = z.object({
  Token: z.string(),
  role: Role,
  userData: UserData,
  Flag: z.boolean(),
  poolData: z.optional(PoolData),
  Engineers: z.optional(z.array(Engineer)),
  Managers: z.optional(z.array(Manager)),
})
export type RefreshData = z.infer<typeof RefreshData>

export const EditStatusBody = z.strictObject({ onWaiting: z.boolean() })
export const EditStatusData = z.object({ onWaiting: z.boolean() })

// Client

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

const QuoteFields = {
  vendor: Required(100),
  amount: Cents.check(z.refine((c) => c > 0, 'Amount must be more than zero')),
  note: z.optional(Text(500)),
}
export const AddQuoteBody = z.strictObject({ StageId: z.uuid(), ...QuoteFields })
export const AddQuote1Body = z.strictObject({ Title: NonStageTitle, ...QuoteFields })

export const QuoteRefBody = z.union([
  z.strictObject({ StageId: z.uuid(), quoteId: z.uuid() }),
  z.strictObject({ Title: NonStageTitle, quoteId: z.uuid() }),
])

export const EntryData = PoolEntry

export const RequestBuilderData = z.object({ BuilderRequested: z.literal(true) })
export const RequestManagerBody = z.strictObject({
  managerId: z.uuid(),
  message: z.optional(Text(1000)),
})
export const RequestManagerData = ManagerRequest

// Admin

export const AdminFetchData = z.object({
  Admins: z.array(AdminUser),
  Cities: z.array(City),
  Stages: z.array(Stage),
  NonStages: z.array(NonStage),
  Clients: z.array(AdminClient),
  Managers: z.array(Manager),
  Engineers: z.array(Engineer),
  UsersWithPerks: z.array(AdminClient),
  BuilderRequests: z.array(BuilderRequest),
  ManagerRequests: z.array(ManagerRequest),
  UsersOnWaiting: z.array(AdminClient),
})
export type AdminFetchData = z.infer<typeof AdminFetchData>

/** A delete answers the deleted item's id itself (seed §7). */
export const DeletedId = z.uuid()

const atLeastOne = <T extends z.ZodMiniObject>(schema: T) =>
  z
    .partial(schema)
    .check(z.refine((o: object) => Object.keys(o).length > 0, 'Change at least one field'))

export const ClientInput = z.strictObject({
  name: Required(100),
  email: Email,
  phone: Phone,
  address: Required(200),
  city: CityName,
  state: StateCode,
  onWaiting: z.boolean(),
  perk: z.nullable(Text(200)),
})
export const ClientEditBody = atLeastOne(ClientInput)
export const ClientData = AdminClient

export const AdminInput = z.strictObject({ name: Required(100), email: Email })
export const AdminEditBody = atLeastOne(AdminInput)
export const AdminData = AdminUser

export const CityInput = z.strictObject({ name: CityName, state: StateCode, permitFee: Cents })
export const CityEditBody = atLeastOne(CityInput)
export const CityData = City

export const EngineerInput = z.strictObject({
  name: Required(100),
  company: Required(100),
  email: Email,
  phone: Phone,
  licenseNo: Required(40),
  fee: Cents,
})
export const EngineerEditBody = atLeastOne(EngineerInput)
export const EngineerData = Engineer

export const ManagerInput = z.strictObject({
  name: Required(100),
  company: Required(100),
  email: Email,
  phone: Phone,
  bio: Text(2000),
  yearsExperience: z.int().check(z.minimum(0), z.maximum(80)),
  fee: Cents,
})
export const ManagerEditBody = atLeastOne(ManagerInput)
export const ManagerData = Manager

export const TipEditBody = z.strictObject({ text: Required(2000) })
export const StageEditBody = z.strictObject({ pricing: Pricing })
export const RequestStatusBody = z.strictObject({ status: RequestStatus })
export const BuilderRequestData = BuilderRequest
export const ManagerRequestData = ManagerRequest
