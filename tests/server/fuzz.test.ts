import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build, type TestApp } from '../support/build'
import {
  bearer,
  expectSafeAnswer,
  json,
  onboardingDetails,
  requestCode,
  signIn,
  snapshot,
} from '../support/http'
import { expectTextAnswer, oddText, STORAGE_BREAKERS } from '../support/odd-text'
import { junkWith } from '../support/junk'

let t: TestApp
let clientToken: string
beforeAll(async () => {
  t = await build({ LOGIN_LIMIT_PER_IP: '100000', VERIFY_LIMIT_PER_IP: '100000' })
  clientToken = (await signIn(t, 'fuzz@example.com', { asNewClient: true })).session.Token
})
afterAll(() => t.app.close())

const junk = junkWith(
  ['', ' ', '123456', '12345a', 'a@b.co', 'TX', 'tx', 'x'.repeat(300)],
  ['<script>', "'; drop table users; --"],
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
          await expectSafeAnswer(t, res, before, { except: ['rate_limits'] })
        },
      ),
      { numRuns: 120 },
    )
  })
})

let asked = 0

/** The text fields of the public and sign-in calls, with what each call needs besides them. */
const TEXT_ROUTES: {
  method: 'POST' | 'PUT'
  url: string
  fields: string[]
  ready: () => Promise<{ body: Record<string, unknown>; headers: Record<string, string> }>
}[] = [
  {
    method: 'POST',
    url: '/api/validate',
    fields: ['city'],
    ready: async () => ({ body: { city: 'Austin', state: 'TX' }, headers: {} }),
  },
  {
    method: 'POST',
    url: '/api/onboarding',
    fields: ['name', 'address', 'city'],
    // A real code for a new email each time: a body the contract lets through makes a client.
    ready: async () => {
      const { tempToken, code } = await requestCode(t, `odd-${(asked += 1)}@example.com`)
      return { body: { code, ...onboardingDetails }, headers: { 'temp-token': tempToken } }
    },
  },
  {
    method: 'PUT',
    url: '/api/change-city',
    fields: ['city'],
    ready: async () => ({ body: { city: 'Austin', state: 'TX' }, headers: bearer(clientToken) }),
  },
]

describe.each(TEXT_ROUTES)('any text in the fields of $method $url', (route) => {
  it('is kept or refused by name, never a 5xx, and a refusal changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...route.fields), oddText, async (field, text) => {
        const { body, headers } = await route.ready()
        const before = await snapshot(t, ['rate_limits'])
        const res = await json(t.app, route.method, route.url, { ...body, [field]: text }, headers)
        expectTextAnswer(res, field, text)
        if (res.statusCode >= 400) expect(await snapshot(t, ['rate_limits'])).toBe(before)
      }),
      {
        numRuns: 20,
        examples: route.fields.flatMap((f) => STORAGE_BREAKERS.map(([text]) => [f, text])),
      },
    )
  })
})

describe('fuzzing GET /api/files/{id}/{variant}', () => {
  it('never answers 5xx, and never serves bytes without a signature of ours', async () => {
    const idLike = fc.oneof(
      fc.uuid(),
      fc.string({ maxLength: 40 }),
      fc.constant('..%2F..%2Fsecret'),
    )
    const variant = fc.oneof(
      fc.constantFrom('thumb', 'view', 'original', 'huge', ''),
      fc.string({ maxLength: 12 }),
    )
    const param = fc.oneof(fc.string({ maxLength: 60 }), fc.integer().map(String), fc.constant(''))
    await fc.assert(
      fc.asyncProperty(
        idLike,
        variant,
        fc.option(param, { nil: undefined }),
        fc.option(param, { nil: undefined }),
        async (id, name, exp, sig) => {
          const query = new URLSearchParams({
            ...(exp === undefined ? {} : { exp }),
            ...(sig === undefined ? {} : { sig }),
          })
          const url = `/api/files/${encodeURIComponent(id)}/${encodeURIComponent(name)}?${query}`
          const res = await t.app.inject({ method: 'GET', url })
          expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400)
          expect(res.statusCode, res.body).toBeLessThan(500)
          expect(res.headers['content-type']).toContain('application/problem+json')
        },
      ),
      { numRuns: 150 },
    )
  })
})
