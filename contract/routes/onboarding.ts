/** Whether we build in a city, and creating a client: they load with the onboarding screen. */
import { SessionData, ValidateData } from '../api'
import { OnboardingBody, ValidateBody } from '../api-onboarding'
import type { RouteDef } from './types'

export const onboardingRoutes = {
  validate: {
    method: 'POST',
    path: '/api/validate',
    access: 'public',
    body: ValidateBody,
    data: ValidateData,
  },
  onboarding: {
    method: 'POST',
    path: '/api/onboarding',
    access: 'public',
    body: OnboardingBody,
    data: SessionData,
    tempToken: true,
  },
} as const satisfies Record<string, RouteDef>
