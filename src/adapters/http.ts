import ky, { HTTPError, TimeoutError } from 'ky'
import { ZodError } from 'zod'

/** The one HTTP client of the app: same-origin JSON calls under /api. */
export const http = ky.create({
  credentials: 'same-origin',
  timeout: 15_000,
  retry: { limit: 1 },
})

/** A sentence a person can act on, whatever went wrong with a call. */
export function describeHttpError(error: unknown): string {
  if (error instanceof TimeoutError) return 'The server took too long to answer.'
  if (error instanceof HTTPError) {
    return error.response.status >= 500
      ? 'The server had a problem answering.'
      : `The server refused the request (${error.response.status}).`
  }
  if (error instanceof ZodError) return 'The server sent an answer this page does not understand.'
  return 'The server could not be reached. Check your connection.'
}
