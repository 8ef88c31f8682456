/**
 * Request and response schemas of the public and sign-in calls (PRODUCT.md §4), and the back
 * office's data; the builder's and the back office's writes are in api-client.ts and api-admin.ts.
 * Success bodies are `{ Data: … }`; errors are problem+json (see problem.ts).
 */
import { z } from 'zod/mini'
import {
  AdminClient,
  AdminUser,
  BuilderRequest,
  City,
  Email,
  Engineer,
  Manager,
  ManagerRequest,
  NonStage,
  PoolData,
  Role,
  Stage,
  UserData,
} from './domain'
import { StepScope } from './scope'
import { CityChecklist } from './checklists'

export const envelope = <T extends z.ZodMiniType>(data: T) => z.object({ Data: data })

export const IdParams = z.strictObject({ id: z.uuid('Unknown id') })

/** Calls that take no body still refuse one with fields in it. */
export const NoBody = z.nullish(z.strictObject({}))

// Public and auth

export const StagesData = z.array(Stage)

export const ValidateData = z.object({ Flag: z.boolean() })

export const LoginBody = z.strictObject({ email: Email })
export const LoginData = z.object({ tempToken: z.string() })
/** A login answer as the app reads it: without a tempToken, the token is in a cookie (§4). */
export const LoginAnswer = z.object({ tempToken: z.nullish(z.string()) })

export const Code = z
  .string()
  .check(z.trim(), z.regex(/^[0-9]{6}$/, 'Enter the 6-digit code from the email'))
export const VerifyBody = z.strictObject({ code: Code, rememberMe: z.optional(z.boolean()) })

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

/** The seed's other spellings of a sign-in answer: `PoolData` for poolData, no Flag for false. */
function seedSpellings(answer: unknown): unknown {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return answer
  const { PoolData: alias, ...rest } = answer as Record<string, unknown>
  return { ...rest, poolData: rest.poolData ?? alias ?? null, Flag: rest.Flag ?? false }
}

/** A sign-in answer as the app reads it (seed §4); the server answers `SessionData` exactly. */
export const SessionAnswer = z.pipe(z.transform(seedSpellings), SessionData)

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

// The back office's data, which an admin's stored state is checked against on every page.

/**
 * A step's timing as the back office edits it (PRODUCT.md §9). `step` is the step's route slug;
 * checked as a string only, since this schema loads with the landing pages.
 */
export const ScheduleRow = z.object({
  step: z.string(),
  title: z.string(),
  durationDays: z.int(),
  waitDays: z.int(),
})
export type ScheduleRow = z.infer<typeof ScheduleRow>

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
  Schedule: z.array(ScheduleRow),
  /** Each licensed step's scope items (PRODUCT.md §14). */
  Scope: z.array(StepScope),
  /** Every city's checklist of each inspection (PRODUCT.md §16). */
  Checklists: z.array(CityChecklist),
})
export type AdminFetchData = z.infer<typeof AdminFetchData>
