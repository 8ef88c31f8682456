import { describe, expect, it } from 'vitest'
import { appPerTest, build } from '../support/build'
import { cookie, expectProblem, json, requestCode, signIn, snapshot } from '../support/http'

const ADMIN = 'admin@example.com'
const t = appPerTest()

describe('CSRF', () => {
  it('refuses an unsafe request from another origin', async () => {
    const { refresh } = await signIn(t, ADMIN)
    const cookie = `refresh_token=${refresh}`
    const before = await snapshot(t)
    const evil = await json(t.app, 'POST', '/api/refresh', undefined, {
      cookie,
      origin: 'https://evil.example',
    })
    expectProblem(evil, 403, 'CROSS_SITE_REQUEST')
    const crossSite = await json(t.app, 'POST', '/api/logout', undefined, {
      cookie,
      'sec-fetch-site': 'cross-site',
    })
    expectProblem(crossSite, 403, 'CROSS_SITE_REQUEST')
    expect(await snapshot(t)).toBe(before)
  })

  it('accepts the same origin', async () => {
    const { refresh } = await signIn(t, ADMIN)
    const res = await json(t.app, 'POST', '/api/refresh', undefined, {
      cookie: `refresh_token=${refresh}`,
      origin: 'http://localhost:80',
      host: 'localhost:80',
      'sec-fetch-site': 'same-origin',
    })
    expect(res.statusCode, res.body).toBe(200)
  })

  it('compares the Origin with PUBLIC_URL when it is set', async () => {
    const pub = await build({ PUBLIC_URL: 'https://pool.example.com' })
    const body = { email: 'a@example.com' }
    const ok = await json(pub.app, 'POST', '/api/login', body, {
      origin: 'https://pool.example.com',
    })
    expect(ok.statusCode).toBe(200)
    const other = await json(pub.app, 'POST', '/api/login', body, {
      origin: 'http://pool.example.com',
    })
    expectProblem(other, 403, 'CROSS_SITE_REQUEST')
    await pub.app.close()
  })

  it('takes a call without a body that says it is JSON, as every call does', async () => {
    const { refresh } = await signIn(t, ADMIN)
    const bodiless = (url: string, cookie: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', cookie },
      })
    const refreshed = await bodiless('/api/refresh', `refresh_token=${refresh}`)
    expect(refreshed.statusCode, refreshed.body).toBe(200)
    const rotated = cookie(refreshed, 'refresh_token')?.value
    const loggedOut = await bodiless('/api/logout', `refresh_token=${rotated}`)
    expect(loggedOut.statusCode, loggedOut.body).toBe(200)
    expectProblem(await bodiless('/api/refresh', `refresh_token=${rotated}`), 401)
  })

  it('names the fields a call needs when its JSON body is empty', async () => {
    const before = await snapshot(t)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
    })
    const problem = expectProblem(res, 400, 'VALIDATION_FAILED')
    expect(Object.keys(problem.errors ?? {})).not.toHaveLength(0)
    expect(await snapshot(t)).toBe(before)
  })

  it.each([
    ['text/plain', 'email=admin@example.com'],
    ['application/x-www-form-urlencoded', 'email=admin%40example.com'],
    [
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nadmin@example.com\r\n--x--',
    ],
  ])('answers 415 to a %s body, which a plain HTML form could send', async (type, payload) => {
    const before = await snapshot(t)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': type },
      payload,
    })
    expectProblem(res, 415, 'UNSUPPORTED_MEDIA_TYPE')
    expect(await snapshot(t)).toBe(before)
  })
})

describe('rate limits', () => {
  it('allows 5 codes per email per 15 minutes, then answers 429 with Retry-After', async () => {
    for (let i = 0; i < 5; i++)
      expect((await json(t.app, 'POST', '/api/login', { email: ADMIN })).statusCode).toBe(200)
    const limited = await json(t.app, 'POST', '/api/login', { email: 'ADMIN@example.com' })
    expectProblem(limited, 429, 'RATE_LIMITED')
    const retryAfter = Number(limited.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(15 * 60)
    // Another email is not affected, and the window reopens after 15 minutes.
    expect(
      (await json(t.app, 'POST', '/api/login', { email: 'other@example.com' })).statusCode,
    ).toBe(200)
    t.clock.advance(15 * 60 * 1000)
    expect((await json(t.app, 'POST', '/api/login', { email: ADMIN })).statusCode).toBe(200)
  })

  it('allows 50 logins per IP per 15 minutes', async () => {
    for (let i = 0; i < 50; i++) {
      const res = await json(t.app, 'POST', '/api/login', { email: `user${i}@example.com` })
      expect(res.statusCode).toBe(200)
    }
    expectProblem(
      await json(t.app, 'POST', '/api/login', { email: 'one-more@example.com' }),
      429,
      'RATE_LIMITED',
    )
  })

  it('allows 100 verify or onboarding attempts per IP per 15 minutes', async () => {
    const { tempToken } = await requestCode(t, ADMIN)
    const attempt = () =>
      json(t.app, 'POST', '/api/verify', { code: '123456' }, { 'temp-token': `${tempToken}x` })
    for (let i = 0; i < 100; i++) expect((await attempt()).statusCode).toBe(401)
    const limited = await attempt()
    expectProblem(limited, 429, 'RATE_LIMITED')
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    const onboarding = await json(
      t.app,
      'POST',
      '/api/onboarding',
      {
        code: '123456',
        name: 'A',
        phone: '5125550100',
        address: 'B',
        city: 'C',
        state: 'TX',
      },
      { 'temp-token': tempToken },
    )
    expectProblem(onboarding, 429)
  })

  it('takes its limits from the settings', async () => {
    const strict = await build({ LOGIN_LIMIT_PER_EMAIL: '1' })
    expect((await json(strict.app, 'POST', '/api/login', { email: ADMIN })).statusCode).toBe(200)
    expectProblem(await json(strict.app, 'POST', '/api/login', { email: ADMIN }), 429)
    await strict.app.close()
  })
})
