import type { HTTPError, TimeoutError } from 'ky'
import { Problem, type ProblemCode } from '../../../contract/problem'

/**
 * What the app can branch on: the server's problem codes, plus three of our own for answers
 * that never came (NETWORK), could not be read (BAD_RESPONSE) or were not problem+json
 * (HTTP_ERROR, e.g. a proxy's HTML error page). Unknown server codes still pass through.
 */
export type ApiErrorCode = ProblemCode | 'NETWORK' | 'BAD_RESPONSE' | 'HTTP_ERROR' | (string & {})

export interface ApiErrorInit {
  status: number
  code: ApiErrorCode
  detail: string
  fieldErrors?: Record<string, string[]>
  triesLeft?: number | undefined
  retryAfter?: number | undefined
}

/** Every failed call of the API port rejects with one of these; `message` is `detail`. */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  /** HTTP status, or 0 when no answer arrived (network failure or timeout). */
  readonly status: number
  readonly code: ApiErrorCode
  /** A sentence a person can act on. */
  readonly detail: string
  /** Field name → messages, from the problem's `errors`; empty when there are none. */
  readonly fieldErrors: Record<string, string[]>
  /** Wrong code tries left before the code is burnt. */
  readonly triesLeft: number | undefined
  /** Seconds to wait before trying again (Retry-After), when the server said so. */
  readonly retryAfter: number | undefined

  constructor(init: ApiErrorInit, options?: ErrorOptions) {
    super(init.detail, options)
    this.status = init.status
    this.code = init.code
    this.detail = init.detail
    this.fieldErrors = init.fieldErrors ?? {}
    this.triesLeft = init.triesLeft
    this.retryAfter = init.retryAfter
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError

export const NETWORK_DETAIL = "Can't reach PoolPath. Check your connection and try again."
export const TIMEOUT_DETAIL =
  'PoolPath took too long to answer. Check your connection and try again.'
export const BAD_RESPONSE_DETAIL =
  'PoolPath sent an answer this page does not understand. Please refresh the page.'

export const badResponse = (status: number, cause: unknown) =>
  new ApiError({ status, code: 'BAD_RESPONSE', detail: BAD_RESPONSE_DETAIL }, { cause })

/** Retry-After is either delay-seconds or an HTTP date (RFC 9110 §10.2.3); we keep seconds. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined
  if (/^\d+$/.test(value.trim())) return Number(value.trim())
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000))
}

/** The ApiError an answer that is not a success stands for: its problem, or a sentence. */
export async function fromResponse(response: Response, cause: unknown): Promise<ApiError> {
  const retryAfter = parseRetryAfter(response.headers.get('retry-after'))
  const body: unknown = await response.json().catch(() => undefined)
  const problem = Problem.safeParse(body)
  if (problem.success) {
    const { code, detail, errors, triesLeft } = problem.data
    const status = response.status
    return new ApiError(
      { status, code, detail, fieldErrors: errors ?? {}, triesLeft, retryAfter },
      { cause },
    )
  }
  const detail =
    response.status >= 500
      ? 'PoolPath is having trouble right now. Please try again in a moment.'
      : `PoolPath could not complete this request (error ${response.status}).`
  return new ApiError(
    { status: response.status, code: 'HTTP_ERROR', detail, retryAfter },
    { cause },
  )
}

/**
 * What ky threw, told by its name as ky's own type guards do: ky itself loads with the first
 * call (http.ts), so its classes are not at hand here.
 */
export const isHttpError = (error: unknown): error is HTTPError =>
  error instanceof Error && error.name === 'HTTPError'
const isTimeoutError = (error: unknown): error is TimeoutError =>
  error instanceof Error && error.name === 'TimeoutError'

/**
 * Turns what ky throws into an ApiError. A caller's own abort is passed through untouched so
 * that a cancelled call (an actor that stopped) is never mistaken for a failed one, and so is
 * anything unexpected: a programming error should not be disguised as a network failure.
 */
export async function toApiError(error: unknown, signal?: AbortSignal): Promise<unknown> {
  if (signal?.aborted) return error
  if (error instanceof ApiError) return error
  if (isHttpError(error)) return fromResponse(error.response, error)
  if (isTimeoutError(error)) {
    return new ApiError({ status: 0, code: 'NETWORK', detail: TIMEOUT_DETAIL }, { cause: error })
  }
  // fetch rejects with a TypeError, and only that, when no answer arrives (a network error).
  if (error instanceof TypeError) {
    return new ApiError({ status: 0, code: 'NETWORK', detail: NETWORK_DETAIL }, { cause: error })
  }
  return error
}
