/**
 * Request and answer schemas of the back office's writes. Apart from the sign-in calls' (api.ts),
 * so the landing pages do not load them.
 */
import { z } from 'zod/mini'
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
  RequestStatus,
  ManagerRequestStatus,
  Required,
  Text,
} from './domain'
import { MAX_DURATION_DAYS, MAX_WAIT_DAYS, StepSlug } from './construction'
import { Phone, StateCode } from './people'
import { Cents, Pricing } from './pricing'
import { TimeZone } from './time-zones'

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

/** A city; its time zone defaults from the state (STATE_TIME_ZONES). */
export const CityInput = z.strictObject({
  name: CityName,
  state: StateCode,
  permitFee: Cents,
  timeZone: z.optional(TimeZone),
})
export const CityEditBody = atLeastOne(CityInput)
export const CityData = City

/** What an admin enters for an engineer or a manager, before each one's own fields. */
const professionalInput = {
  name: Required(100),
  company: Required(100),
  email: Email,
  phone: Phone,
}

export const EngineerInput = z.strictObject({
  ...professionalInput,
  licenseNo: Required(40),
  fee: Cents,
})
export const EngineerEditBody = atLeastOne(EngineerInput)
export const EngineerData = Engineer

export const ManagerInput = z.strictObject({
  ...professionalInput,
  bio: Text(2000),
  yearsExperience: z.int().check(z.minimum(0), z.maximum(80)),
  fee: Cents,
})
export const ManagerEditBody = atLeastOne(ManagerInput)
export const ManagerData = Manager

export const TipEditBody = z.strictObject({ text: Required(2000) })
export const StageEditBody = z.strictObject({ pricing: Pricing })
export const RequestStatusBody = z.strictObject({ status: RequestStatus })
export const ManagerRequestStatusBody = z.strictObject({ status: ManagerRequestStatus })
export const BuilderRequestData = BuilderRequest
export const ManagerRequestData = ManagerRequest

export const ScheduleParams = z.strictObject({ step: StepSlug })
export const ScheduleEditBody = z.strictObject({
  durationDays: z.int().check(z.minimum(0), z.maximum(MAX_DURATION_DAYS)),
  waitDays: z.int().check(z.minimum(0), z.maximum(MAX_WAIT_DAYS)),
})
