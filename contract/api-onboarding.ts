/**
 * Request schemas of the calls that find out whether we build in a city and create a client.
 * Apart from the sign-in calls' (api.ts): only the onboarding screen needs them.
 */
import { z } from 'zod/mini'
import { Code } from './api'
import { CityName, Required } from './domain'
import { Phone, StateCode } from './people'

/** Where the pool will be: asked by the availability check, and by a client's correction. */
export const ValidateBody = z.strictObject({ city: CityName, state: StateCode })

/**
 * The code may be left out once verify has proved it right for this email (verify answered
 * ACCOUNT_NOT_FOUND): the temp token then stands for the email for 30 minutes.
 */
export const OnboardingBody = z.strictObject({
  code: z.optional(Code),
  name: Required(100),
  phone: Phone,
  address: Required(200),
  city: CityName,
  state: StateCode,
  rememberMe: z.optional(z.boolean()),
})
