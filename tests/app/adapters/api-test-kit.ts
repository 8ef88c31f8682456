import { createApi, type ApiOptions } from '../../../src/adapters/api'
import { fakeFetch, type Answer } from './fake-fetch'

/** Absolute, because in Node a request needs a URL of its own (a browser has the page's). */
export const BASE = 'http://poolpath.test/api'

/** An API on a fake network; retries without waiting unless a test says otherwise. */
export function apiWith(script: Answer[], options: Partial<ApiOptions> = {}) {
  let token: string | null = null
  const network = fakeFetch(...script)
  const settings: ApiOptions = {
    getToken: () => token,
    fetch: network.fetch,
    baseUrl: BASE,
    retryDelay: () => 0,
    ...options,
  }
  return {
    api: createApi(settings),
    settings,
    requests: network.requests,
    bodies: network.bodies,
    setToken: (value: string | null) => {
      token = value
    },
  }
}

/** The settled rejection of a call, so a test can look at what it failed with. */
export async function failure(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    (value) => {
      throw new Error(`expected a failure, got ${JSON.stringify(value)}`)
    },
    (error: unknown) => error,
  )
}
