/**
 * Whether we build in a city, creating a client, and a client correcting where the pool will
 * be: they load with the onboarding and coming-soon screens.
 */
import { RefreshData, SessionAnswer, SessionData, ValidateData } from '../api'
import { OnboardingBody, ValidateBody } from '../api-onboarding'
import { CODE_PROBLEMS, ProblemCode } from '../problem'
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
    accept: SessionAnswer,
    tempToken: true,
    refuses: {
      401: CODE_PROBLEMS,
      409: [ProblemCode.accountExists, ProblemCode.emailInUse],
      429: [ProblemCode.rateLimited],
    },
  },
  /** Answers like refresh: the session as it now is, Flag recomputed for the new place. */
  changeCity: {
    method: 'PUT',
    path: '/api/change-city',
    access: 'client',
    body: ValidateBody,
    data: RefreshData,
  },
} as const satisfies Record<string, RouteDef>
