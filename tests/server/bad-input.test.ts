import net from 'node:net'
import { beforeEach, describe, expect, it } from 'vitest'
import { Problem } from '../../contract/problem'
import { appPerTest } from '../support/build'
import {
  bearer,
  expectProblem,
  onboardingDetails,
  requestCode,
  signIn,
  snapshot,
} from '../support/http'

const t = appPerTest()
let headers: Record<string, string>
beforeEach(async () => {
  const { session } = await signIn(t, 'client@example.com', { asNewClient: true })
  const { tempToken } = await requestCode(t, 'client@example.com')
  headers = { ...bearer(session.Token), 'temp-token': tempToken }
})

type Route = {
  method: 'POST' | 'PUT'
  url: string
  valid: Record<string, unknown>
  wrongTypes: Record<string, unknown>
  /** Fields of `valid` a body may leave out, beside rememberMe. */
  optional?: string[]
}

const ROUTES: Route[] = [
  {
    method: 'POST',
    url: '/api/validate',
    valid: { city: 'Austin', state: 'TX' },
    wrongTypes: { city: 7, state: ['TX'] },
  },
  {
    method: 'POST',
    url: '/api/login',
    valid: { email: 'a@example.com' },
    wrongTypes: { email: true },
  },
  {
    method: 'POST',
    url: '/api/verify',
    valid: { code: '123456' },
    wrongTypes: { code: 123456, rememberMe: 'yes' },
  },
  {
    method: 'POST',
    url: '/api/onboarding',
    valid: { code: '123456', ...onboardingDetails },
    wrongTypes: { code: '12', name: null, phone: 5, address: {}, city: [], state: 'Texas' },
    // Left out once verify has proved the temp token's email.
    optional: ['code'],
  },
  {
    method: 'PUT',
    url: '/api/edit-status',
    valid: { onWaiting: true },
    wrongTypes: { onWaiting: 'true' },
  },
  {
    method: 'PUT',
    url: '/api/change-city',
    valid: { city: 'Austin', state: 'TX' },
    wrongTypes: { city: 7, state: ['TX'] },
  },
  { method: 'POST', url: '/api/refresh', valid: {}, wrongTypes: { token: 1 } },
  { method: 'POST', url: '/api/logout', valid: {}, wrongTypes: { all: 'yes' } },
]

const send = (route: Route, payload: string, contentType = 'application/json') =>
  t.app.inject({
    method: route.method,
    url: route.url,
    headers: { ...headers, 'content-type': contentType },
    payload,
  })

describe.each(ROUTES)('$method $url refuses bad input and changes nothing', (route) => {
  const cases: [string, () => string, number, string | null, string?][] = [
    ['missing fields', () => JSON.stringify({}), 400, 'required'],
    ['wrong types', () => JSON.stringify(route.wrongTypes), 400, 'types'],
    ['junk JSON', () => '{"email": "a@', 400, 'body'],
    ['not an object', () => '[1,2,3]', 400, 'body'],
    [
      'a 1 MB body',
      () => JSON.stringify({ ...route.valid, pad: 'x'.repeat(1024 * 1024) }),
      413,
      'body',
    ],
    ['unknown fields', () => JSON.stringify({ ...route.valid, isAdmin: true }), 400, 'isAdmin'],
    ['fields named like built-ins', () => '{"constructor":1,"toString":"x"}', 400, 'constructor'],
    ['a __proto__ field', () => '{"__proto__":{"isAdmin":true}}', 400, 'body'],
    ['the wrong content type', () => JSON.stringify(route.valid), 415, 'body', 'text/plain'],
  ]

  it.each(cases)('%s', async (_name, payload, status, field, contentType) => {
    const optional = ['rememberMe', ...(route.optional ?? [])]
    const required = Object.keys(route.valid).filter((k) => !optional.includes(k))
    if (field === 'required' && required.length === 0) return expect(required).toEqual([])
    const before = await snapshot(t)
    const problem = expectProblem(await send(route, payload(), contentType), status)
    const errors = problem.errors ?? {}
    if (field === 'required') expect(Object.keys(errors).sort()).toEqual(required.sort())
    else if (field === 'types')
      expect(Object.keys(errors).sort()).toEqual(Object.keys(route.wrongTypes).sort())
    else if (field) expect(errors[field], JSON.stringify(errors)).toBeDefined()
    for (const messages of Object.values(errors))
      expect(messages.every((m) => m.length > 3)).toBe(true)
    expect(JSON.stringify(problem)).not.toMatch(/stack|at .*\.ts|zod|FST_/i)
    expect(await snapshot(t)).toBe(before)
  })
})

describe('an address that cannot be read is refused as problem+json, with our codes', () => {
  const city = `/api/admin/cities/${crypto.randomUUID()}`
  it.each([
    ['bad percent-encoding in an id', 'DELETE', `${city}%`, 400, 'BAD_URL'],
    ['bad percent-encoding in a token', 'GET', '/api/unsubscribe/%E0%A4%A', 400, 'BAD_URL'],
    ['half of a surrogate pair, encoded', 'POST', '/api/unsubscribe/%ED%A0%80', 400, 'BAD_URL'],
    [
      'a token over 100 characters',
      'GET',
      `/api/unsubscribe/${'a'.repeat(101)}`,
      414,
      'URI_TOO_LONG',
    ],
    [
      'an id of 10,000 characters',
      'DELETE',
      `/api/admin/cities/${'9'.repeat(10_000)}`,
      414,
      'URI_TOO_LONG',
    ],
    ['a path that leads nowhere', 'GET', '/api/%00', 404, 'NOT_FOUND'],
  ] as const)('%s', async (_name, method, url, status, code) => {
    const before = await snapshot(t)
    const res = await t.app.inject({ method, url, headers })
    expectProblem(res, status, code)
    expect(res.headers['x-request-id']).toBeTruthy()
    expect(res.headers['content-security-policy']).toContain("default-src 'self'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.body).not.toMatch(/FST_ERR|exceeding|url component/i)
    expect(await snapshot(t)).toBe(before)
  })
})

/** Writes `request` as is to the listening app and reads the answer until it hangs up. */
async function rawExchange(request: string): Promise<string> {
  const { port } = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }))
  return new Promise((resolve, reject) => {
    let answer = ''
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(request))
    socket.on('data', (chunk) => (answer += chunk.toString()))
    socket.on('end', () => resolve(answer))
    socket.on('error', reject)
  })
}

describe('a request Node cannot parse is answered as problem+json', () => {
  it.each([
    ['a header without a colon', 'GET /api HTTP/1.1\r\nHost: x\r\nno colon\r\n\r\n', 400],
    ['headers over 16 KB', `GET /api HTTP/1.1\r\nX-Pad: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
  ])('%s', async (_name, request, status) => {
    const [head = '', body = ''] = (await rawExchange(request)).split('\r\n\r\n')
    expect(head).toMatch(new RegExp(`^HTTP/1.1 ${status} `))
    expect(head.toLowerCase()).toContain('content-type: application/problem+json')
    expect(head.toLowerCase()).toContain("content-security-policy: default-src 'self'")
    expect(head.toLowerCase()).toContain('x-content-type-options: nosniff')
    expect(Problem.parse(JSON.parse(body))).toMatchObject({ status, code: 'VALIDATION_FAILED' })
  })
})
