import { authRoutes } from '../../contract/routes/auth'
import { createAreaPorts } from './api-areas'
import { createCaller } from './call'
import { createHttp, type HttpOptions } from './http'

export { ApiError, isApiError, type ApiErrorCode } from './api-error'
export { TEMP_TOKEN_COOKIE_MARKER, type Caller } from './call'
export { API_TIMEOUT_MS } from './http'

export type ApiOptions = HttpOptions
export type Api = ReturnType<typeof createApi>

/**
 * The API port (PRODUCT.md §4): `call(name, input, signal?)` for the sign-in calls, the
 * stages in build order, and the builder's and the back office's calls, whose part of the
 * route table loads with their first call.
 */
export function createApi(options: ApiOptions) {
  const http = createHttp(options)
  const call = createCaller(http, authRoutes)
  return {
    call,
    /** GET /api: the priced stages with their design tips, in build order. */
    stages: async (signal?: AbortSignal) => {
      const stages = await call('stages', {}, signal)
      return [...stages].sort((a, b) => a.order - b.order)
    },
    ...createAreaPorts(http),
  }
}
