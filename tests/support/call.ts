/**
 * Calls the app through the route table by name, as the client does: the entry gives the method
 * and the path, the input its parameters and body. Tests about behaviour use these; tests about
 * the wire itself (a raw path, a bad method, a malformed URL) keep `json` and `app.inject`.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import type { z } from 'zod/mini'
import {
  routes,
  type CallInput,
  type CallName,
  type RouteDef,
  type Routes,
} from '../../contract/routes'
import type { TestApp } from './build'
import { expectDocumented } from './openapi-check'

type Headers = Record<string, string>

/** What a call sends beside its path parameters: a query string and a login's temp token. */
type Extra = { query?: Record<string, string>; tempToken?: string }

/** A call's input as a test gives it: the table's, and the extras. */
export type TestInput<N extends CallName> = CallInput<N> & Extra

/** The raw form sends anything, so tests can send what the table would refuse. */
export type RawInput = Extra & { body?: unknown } & Record<string, unknown>

/** The call's `Data` as the server sends it, checked against the entry's `data` schema. */
export type ServerData<N extends CallName> = z.output<Routes[N]['data']>

type Args<N extends CallName> =
  unknown extends CallInput<N>
    ? [input?: TestInput<N>, as?: Headers]
    : [input: TestInput<N>, as?: Headers]

/** The entry's path with its `:params` filled from the input, encoded, and its query string. */
function urlOf(route: RouteDef, input: object): string {
  const path = route.path.replace(/:(\w+)/g, (_, key: string) => {
    const value: unknown = Reflect.get(input, key)
    if (typeof value !== 'string') throw new TypeError(`${route.path} needs ${key}`)
    return encodeURIComponent(value)
  })
  const query: unknown = Reflect.get(input, 'query')
  const search = query ? new URLSearchParams(query as Headers).toString() : ''
  return search ? `${path}?${search}` : path
}

/**
 * The call's raw answer, for tests that check statuses, headers or problem+json; the test fails
 * when the answer is not one the API document describes (openapi-check.ts).
 */
export async function callRaw(
  t: TestApp,
  name: CallName,
  input: RawInput = {},
  as: Headers = {},
): Promise<LightMyRequestResponse> {
  const route: RouteDef = routes[name]
  const tempToken: unknown = Reflect.get(input, 'tempToken')
  const headers = typeof tempToken === 'string' ? { ...as, 'temp-token': tempToken } : as
  const body: unknown = Reflect.get(input, 'body')
  const options: InjectOptions = { method: route.method, url: urlOf(route, input), headers }
  const res = await t.app.inject(
    body === undefined
      ? options
      : {
          ...options,
          headers: { 'content-type': 'application/json', ...headers },
          payload: JSON.stringify(body),
        },
  )
  expectDocumented(t, name, res)
  return res
}

/** The call's `Data`, after checking that it succeeded with one of the entry's statuses. */
export async function call<N extends CallName>(
  t: TestApp,
  name: N,
  ...args: Args<N>
): Promise<ServerData<N>> {
  const route: RouteDef = routes[name]
  const [input = {}, as] = args
  const res = await callRaw(t, name, input, as)
  expect(route.statuses ?? [200], res.body).toContain(res.statusCode)
  return route.data.parse((res.json() as { Data: unknown }).Data) as ServerData<N>
}
