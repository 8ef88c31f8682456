import type { KyInstance, Options } from 'ky'
import type { z } from 'zod/mini'
import type { RouteMethod } from '../../../contract/routes'
import { badResponse, isHttpError, toApiError } from './api-error'

/** Seed §9: the API gets 45 seconds to answer. */
export const API_TIMEOUT_MS = 45_000

/** The statuses worth another login attempt: the server or a proxy failed, not the request. */
const TRANSIENT_STATUSES = [500, 502, 503, 504]

/**
 * Login is retried up to 2 times (seed §7, §9), on a network failure or a 5xx only. ky retries
 * a POST only when `methods` lists it, and its default rule would also retry any other non-HTTP
 * error; `shouldRetry` states ours outright. Never a timeout (45 s is long enough to wait
 * once) nor a 429: the user is shown how long to wait instead.
 */
export const LOGIN_RETRY = {
  limit: 2,
  methods: ['post'],
  statusCodes: TRANSIENT_STATUSES,
  // A 503's Retry-After is honoured, but a login should never hang for minutes behind it.
  maxRetryAfter: 5_000,
  shouldRetry: ({ error }: { error: Error }) => {
    if (isHttpError(error)) return TRANSIENT_STATUSES.includes(error.response.status)
    return error instanceof TypeError
  },
} satisfies Options['retry']

export interface HttpOptions {
  /** The access token to send as `Authorization: Bearer …`, read at each request. */
  getToken: () => string | null
  /** The network edge; tests pass a fake. */
  fetch?: typeof globalThis.fetch
  /** The uploads' network edge (they report progress, which fetch cannot); tests pass a fake. */
  XMLHttpRequest?: typeof XMLHttpRequest
  /** Where the API lives; an absolute URL in tests, where there is no page to be relative to. */
  baseUrl?: string
  timeout?: number
  /** Delay before retry n (1-based); ky's backoff (0.3 s, 0.6 s) unless told otherwise. */
  retryDelay?: (attempt: number) => number
}

export interface SendOptions {
  json?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal | undefined
  retry?: Options['retry']
  /** Statuses to hand back as a response instead of throwing (a 304 for ETag revalidation). */
  accept?: number[]
}

export type Http = ReturnType<typeof createHttp>

/** The one HTTP client of the app: JSON calls under /api with cookies and the access token. */
export function createHttp({
  getToken,
  fetch,
  baseUrl = '/api',
  timeout,
  retryDelay,
}: HttpOptions) {
  // ky loads with the first call, after the first screen is painted: /login draws without it.
  // A failed load is not kept, so the next call tries again.
  let client: Promise<KyInstance> | undefined
  const loadClient = () =>
    (client ??= import('ky').then(
      ({ default: ky }) =>
        ky.create({
          credentials: 'include',
          headers: { accept: 'application/json' },
          timeout: timeout ?? API_TIMEOUT_MS,
          retry: 0,
          ...(fetch ? { fetch } : {}),
          hooks: {
            beforeRequest: [
              (request) => {
                const token = getToken()
                if (token) request.headers.set('authorization', `Bearer ${token}`)
              },
            ],
          },
        }),
      (error: unknown) => {
        client = undefined
        throw error
      },
    ))

  /** The raw response, or an ApiError (see toApiError) when none usable came back. */
  /** `path` is under the API base: '' for the base itself, else '/login', '/admin/fetch'… */
  async function fetchResponse(method: RouteMethod, path: string, options: SendOptions = {}) {
    const { json, headers = {}, signal, retry, accept = [] } = options
    const url = baseUrl + path
    try {
      const ky = await loadClient()
      return await ky(url, {
        method,
        // Never `headers: undefined`: ky's merge reads that as "drop the default headers".
        headers,
        // No body means no Content-Type either: Fastify refuses an empty JSON body.
        ...(json === undefined ? {} : { json }),
        ...(signal ? { signal } : {}),
        ...(retry === undefined ? {} : { retry: withDelay(retry, retryDelay) }),
        throwHttpErrors: (status) => !accept.includes(status),
      })
    } catch (error) {
      throw await toApiError(error, signal)
    }
  }

  /** Sends a call and returns its `Data`, checked against the contract's schema. */
  async function send<T>(
    method: RouteMethod,
    path: string,
    data: z.ZodMiniType<T>,
    options?: SendOptions,
  ): Promise<T> {
    const response = await fetchResponse(method, path, options)
    return readData(response, data, options?.signal)
  }

  return { send, fetchResponse }
}

/** The `Data` of a `{ Data }` answer, checked with the contract's schema, else BAD_RESPONSE. */
export async function readData<T>(
  response: Response,
  data: z.ZodMiniType<T>,
  signal?: AbortSignal,
): Promise<T> {
  let text: string
  try {
    text = await response.text()
  } catch (error) {
    throw await toApiError(error, signal)
  }
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch (error) {
    throw badResponse(response.status, error)
  }
  // The envelope checked by hand: `envelope(data)` loses T's output type inside a generic.
  if (typeof body !== 'object' || body === null || !('Data' in body)) {
    throw badResponse(response.status, new Error('The answer has no Data field'))
  }
  const parsed = data.safeParse(body.Data)
  if (!parsed.success) throw badResponse(response.status, parsed.error)
  return parsed.data
}

function withDelay(retry: Options['retry'], delay: HttpOptions['retryDelay']): Options['retry'] {
  if (!delay || typeof retry !== 'object') return retry
  return { ...retry, delay }
}
