import type { z } from 'zod/mini'
import type {
  CallData,
  CallInput,
  CallName,
  NamedCall,
  RouteMethod,
  Routes,
} from '../../../contract/routes'
import { badResponse } from './api-error'
import { LOGIN_RETRY, readData, type Http, type SendOptions } from './http'

/** The session machine's marker for "the temp token is in a cookie, send no header" (seed §4). */
export const TEMP_TOKEN_COOKIE_MARKER = 'cookie'

/**
 * What a caller reads of a call's entry in the route table: the request it makes, and the schema
 * its answer is read with (`accept` where the app takes more than the server sends), whose output
 * is the call's `Data`. Any entry of contract/routes is one.
 */
export type Entry<K extends CallName> = {
  readonly method: RouteMethod
  readonly path: string
  readonly tempToken?: true
  /** A read that answers 304 to the ETag of the answer held. */
  readonly etag?: true
  readonly data: z.ZodMiniType<CallData<K>>
  readonly accept?: z.ZodMiniType<CallData<K>>
}

/** A part of the route table, each call's entry under its name. */
export type Table<N extends CallName> = { readonly [K in N]: Entry<K> }

/**
 * Where a caller finds a call's entry: at hand, or in a part of the table that loads with the
 * first call that needs it (areas.ts).
 */
export type Lookup<N extends CallName> = <K extends N>(name: K) => Entry<K> | Promise<Entry<K>>

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

/** A named call's answer: its name beside its `Data`, so an actor applies it by name. */
export type NamedAnswer<N extends CallName> = { [K in N]: { name: K; data: CallData<K> } }[N]

/** Seed §7 and §9: only login is retried (2 times). */
const RETRY: Partial<Record<CallName, SendOptions['retry']>> = { login: LOGIN_RETRY }

/** How many reads' answers a caller keeps for revalidation, the least recently read going first. */
const ANSWERS_KEPT = 64

/** Ids go into the path encoded: a stray character must not reach another route. */
function pathOf(path: string, input: object): string {
  return path.replace(/^\/api/, '').replace(/:(\w+)/g, (_, key: string) => {
    const value: unknown = Reflect.get(input, key)
    if (typeof value !== 'string') throw new TypeError(`${path} needs ${key}`)
    return encodeURIComponent(value)
  })
}

/** A call's query, its parameters left out when undefined: "?before=…", or nothing. */
function queryOf(input: object): string {
  const query: unknown = Reflect.get(input, 'query')
  const pairs = Object.entries(Object(query)).filter(([, value]) => value !== undefined)
  return pairs.length ? `?${new URLSearchParams(pairs.map(([k, v]) => [k, String(v)]))}` : ''
}

function tempTokenHeader(input: object): Record<string, string> {
  const tempToken: unknown = Reflect.get(input, 'tempToken')
  return typeof tempToken === 'string' && tempToken !== TEMP_TOKEN_COOKIE_MARKER
    ? { 'Temp-Token': tempToken }
    : {}
}

/**
 * The API port over a part of the route table (PRODUCT.md §4): each call resolves to its `Data`
 * checked against the table's schema, or rejects with an ApiError. `call(name, input)` is the
 * screens' and the session's form; `named({ name, ...input })` is the actors', answered with the
 * call's name beside its `Data`.
 */
export function createCaller<N extends CallName>(http: Http, lookup: Lookup<N>) {
  // In memory only, by path: an ETag names its client too, so another user's never matches.
  const answers = new Map<string, { etag: string; data: unknown }>()

  /** A read sent with the ETag of the answer held: a 304 answers that again. */
  async function revalidated<K extends N>(entry: Entry<K>, path: string, signal?: AbortSignal) {
    const held = answers.get(path)
    const response = await http.fetchResponse('GET', path, {
      headers: held ? { 'If-None-Match': held.etag } : {},
      signal,
      accept: [304],
    })
    answers.delete(path)
    if (response.status === 304) {
      if (!held) throw badResponse(304, new Error('304 to a read sent without an ETag'))
      answers.set(path, held)
      return held.data as CallData<K>
    }
    const data = await readData(response, entry.accept ?? entry.data, signal)
    const etag = response.headers.get('etag')
    if (etag) answers.set(path, { etag, data })
    if (answers.size > ANSWERS_KEPT) answers.delete(answers.keys().next().value ?? '')
    return data
  }

  async function send<K extends N>(name: K, input: unknown, signal?: AbortSignal) {
    const entry = await lookup(name)
    const fields = typeof input === 'object' && input !== null ? input : {}
    const path = pathOf(entry.path, fields) + queryOf(fields)
    if (entry.etag && entry.method === 'GET') return revalidated(entry, path, signal)
    return http.send(entry.method, path, entry.accept ?? entry.data, {
      json: Reflect.get(fields, 'body'),
      headers: entry.tempToken ? tempTokenHeader(fields) : {},
      signal,
      retry: RETRY[name],
    })
  }
  function call<K extends N>(name: K, ...[input, signal]: CallArgs<K>): Promise<CallData<K>> {
    return send(name, input, signal)
  }
  async function named<K extends N>(
    request: NamedCall<K>,
    signal?: AbortSignal,
  ): Promise<NamedAnswer<K>> {
    return { name: request.name, data: await send(request.name, request, signal) }
  }
  return { call, named }
}
