import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build, type TestApp } from '../support/build'
import { bearer, onboardingDetails, signIn, snapshot } from '../support/http'

let t: TestApp
let clientToken: string
beforeAll(async () => {
  t = await build({ LOGIN_LIMIT_PER_IP: '100000', VERIFY_LIMIT_PER_IP: '100000' })
  clientToken = (await signIn(t, 'fuzz@example.com', { asNewClient: true })).session.Token
})
afterAll(() => t.app.close())

const junk = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.string(),
  fc.constantFrom(
    '',
    ' ',
    '123456',
    '12345a',
    'a@b.co',
    'TX',
    'tx',
    'x'.repeat(300),
    '<script>',
    "'; drop table users; --",
  ),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
)

/** Objects near the real body — right keys with junk values, some missing, some extra. */
const nearBody = (keys: string[]) =>
  fc.record(
    {
      ...Object.fromEntries(keys.map((k) => [k, junk])),
      extra: junk,
      constructor: junk,
      toString: junk,
    },
    { requiredKeys: [] },
  )

const body = (keys: string[]) =>
  fc.oneof(
    nearBody(keys).map((b) => JSON.stringify(b)),
    fc.jsonValue().map((v) => JSON.stringify(v)),
    fc.string(),
  )

const ROUTES: { method: 'POST' | 'PUT'; url: string; keys: string[] }[] = [
  { method: 'POST', url: '/api/validate', keys: ['city', 'state'] },
  { method: 'POST', url: '/api/login', keys: ['email'] },
  { method: 'POST', url: '/api/verify', keys: ['code', 'rememberMe'] },
  {
    method: 'POST',
    url: '/api/onboarding',
    keys: ['code', 'rememberMe', ...Object.keys(onboardingDetails)],
  },
  { method: 'PUT', url: '/api/edit-status', keys: ['onWaiting'] },
  { method: 'PUT', url: '/api/change-city', keys: ['city', 'state'] },
  { method: 'POST', url: '/api/refresh', keys: [] },
  { method: 'POST', url: '/api/logout', keys: [] },
]

describe.each(ROUTES)('fuzzing $method $url', (route) => {
  it('never answers 5xx, and a rejected request changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        body(route.keys),
        fc.constantFrom('application/json', 'text/plain', 'application/json; charset=utf-8'),
        async (payload, type) => {
          // Counting attempts is what a rate limit is for; everything else must stay as it was.
          const before = await snapshot(t, ['rate_limits'])
          const res = await t.app.inject({
            method: route.method,
            url: route.url,
            headers: {
              'content-type': type,
              'temp-token': 'fuzz-temp-token',
              cookie: 'refresh_token=fuzz',
              ...bearer(clientToken),
            },
            payload,
          })
          expect(res.statusCode, res.body).toBeLessThan(500)
          if (res.statusCode >= 400) {
            expect(res.headers['content-type']).toContain('application/problem+json')
            expect(await snapshot(t, ['rate_limits'])).toBe(before)
          }
        },
      ),
      { numRuns: 120 },
    )
  })
})
