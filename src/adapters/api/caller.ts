import type { CallData, CallInput, CallName, RouteDef, Routes } from '../../../contract/routes'
import { LOGIN_RETRY, type Http, type Method, type SendOptions } from './http'

/** The session machine's marker for "the temp token is in a cookie, send no header" (seed §4). */
export const TEMP_TOKEN_COOKIE_MARKER = 'cookie'

/** What a call takes beyond its table input: the login's temporary token, where it sends one. */
type Extra<N extends CallName> = Routes[N] extends { tempToken: true }
  ? { tempToken: string | null }
  : unknown
export type Input<N extends CallName> = CallInput<N> & Extra<N>

/** A call with nothing to send may be made with no input at all. */
export type CallArgs<N extends CallName> =
  unknown extends Input<N>
    ? [input?: Input<N>, signal?: AbortSignal]
    : [input: Input<N>, signal?: AbortSignal]

/** The typed `call(name, input)` over the calls of one part of the route table. */
export type Caller<N extends CallName> = <K extends N>(
  name: K,
  ...args: CallArgs<K>
) => Promise<CallData<K>>

/** Seed §7 and §9: only login is retried (2 times). */
const RETRY: Partial<Record<CallName, SendOptions['retry']>> = { login: LOGIN_RETRY }

/** Ids go into the path encoded: a stray character must not reach another route. */
function pathOf(route: RouteDef, input: object): string {
  return route.path.replace(/^\/api/, '').replace(/:(\w+)/g, (_, key: string) => {
    const value: unknown = Reflect.get(input, key)
    if (typeof value !== 'string') throw new TypeError(`${route.path} needs ${key}`)
    return encodeURIComponent(value)
  })
}

function tempTokenHeader(input: object): Record<string, string> {
  const tempToken: unknown = Reflect.get(input, 'tempToken')
  return typeof tempToken === 'string' && tempToken !== TEMP_TOKEN_COOKIE_MARKER
    ? { 'Temp-Token': tempToken }
    : {}
}

/**
 * The API port over a part of the route table (PRODUCT.md §4): each call resolves to its `Data`
 * checked against the table's schema, or rejects with an ApiError. The landing pages hold the
 * sign-in part only; the builder's and the back office's parts load with their first call.
 */
export function createCaller<N extends CallName>(
  http: Http,
  table: { [K in N]: Routes[K] },
): Caller<N> {
  return ((name: N, input: object = {}, signal?: AbortSignal) => {
    const route: RouteDef = table[name]
    return http.send(
      route.method.toLowerCase() as Method,
      pathOf(route, input),
      route.accept ?? route.data,
      {
        json: Reflect.get(input, 'body'),
        headers: route.tempToken ? tempTokenHeader(input) : {},
        signal,
        retry: RETRY[name],
      },
    )
  }) as Caller<N>
}
