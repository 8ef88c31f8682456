import type { ClientCall } from '../../../machines/client/client.types'
import { isApiError } from './api-error'

/** What the 401 retry needs of the session: its token, and a refresh when a call was refused. */
export type RenewableSession = {
  /** The access token calls are sent with now. */
  token: () => string | null
  /** A call was answered 401; `draft` is the client's edit it carried, if any. */
  unauthorized: (draft?: ClientCall) => void
  /**
   * A builder call was answered 403: the account's standing may have changed since the token
   * was issued (an admin closed the client's city). Refreshes if `ask` (the token it was sent
   * with is still the one held); settles with whether the builder is open after it. Without it
   * a 403 passes through as it is.
   */
  forbidden?: (ask: boolean) => Promise<boolean>
  /** Settles once no refresh is under way: whether the session is still signed in. */
  renewed: () => Promise<boolean>
}

const isUnauthorized = (error: unknown) => isApiError(error) && error.status === 401
const isForbidden = (error: unknown) => isApiError(error) && error.code === 'FORBIDDEN'

/**
 * A data call answered 401 (its access token expired) is retried once after one refresh: the
 * session refreshes once for every call that waits on it, and a call whose token was replaced
 * meanwhile is retried at once. If the refresh fails the session ends, keeping `draft` (the
 * client's edit); a second 401 ends it too. Where the session takes `forbidden`, a 403 is
 * handled alike, as the token's Flag may be stale: one refresh, one more try if the builder is
 * still open, and a 403 that persists is the answer.
 */
export function retryUnauthorized(session: RenewableSession) {
  return async <T>(call: () => Promise<T>, draft?: ClientCall): Promise<T> => {
    const used = session.token()
    try {
      return await call()
    } catch (error) {
      const asked = session.token() === used
      if (isUnauthorized(error)) {
        if (asked) session.unauthorized(draft)
        // The refresh runs from the moment it is asked for: done when it is over, either way.
        if (!(await session.renewed())) throw error
      } else if (!isForbidden(error) || !(await session.forbidden?.(asked))) throw error
    }
    try {
      return await call()
    } catch (error) {
      if (isUnauthorized(error)) session.unauthorized()
      throw error
    }
  }
}
