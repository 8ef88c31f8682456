import { authRoutes } from '../../../contract/routes/auth'
import { createAreaPorts } from './areas'
import type { onboardingRoutes } from '../../../contract/routes/onboarding'
import { createCaller, type Caller } from './caller'
import { createHttp, type HttpOptions } from './http'

export { ApiError, isApiError, type ApiErrorCode } from './api-error'
export { TEMP_TOKEN_COOKIE_MARKER, type Caller } from './caller'
export { API_TIMEOUT_MS } from './http'

export type ApiOptions = HttpOptions

/** The calls of the landing pages: signing in, and finding out whether we build in a city. */
type LandingCall = keyof typeof authRoutes | keyof typeof onboardingRoutes
type AnyCaller = (name: string, input?: object, signal?: AbortSignal) => Promise<unknown>
export type Api = ReturnType<typeof createApi>

/**
 * The API port (PRODUCT.md §4): `call(name, input, signal?)` for the sign-in calls, the
 * stages in build order, and the builder's and the back office's calls, whose part of the
 * route table loads with their first call.
 */
export function createApi(options: ApiOptions) {
  const http = createHttp(options)
  const signIn = createCaller(http, authRoutes)
  // Finding out whether we build in a city and creating a client load with their first call.
  const onboarding = async () =>
    createCaller(http, (await import('../../../contract/routes/onboarding')).onboardingRoutes)
  const call = ((name: string, input?: object, signal?: AbortSignal) => {
    const run = (caller: unknown) => (caller as AnyCaller)(name, input, signal)
    return name in authRoutes ? run(signIn) : onboarding().then(run)
  }) as Caller<LandingCall>
  return {
    call,
    /** GET /api: the priced stages with their design tips, in build order. */
    stages: async (signal?: AbortSignal) => {
      const stages = await call('stages', {}, signal)
      return [...stages].sort((a, b) => a.order - b.order)
    },
    ...createAreaPorts(http, options),
  }
}
