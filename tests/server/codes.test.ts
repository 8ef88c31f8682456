import { describe, expect, it } from 'vitest'
import { cities, users } from '../../server/db/schema'
import { appPerTest } from '../support/build'
import {
  cookie,
  expectProblem,
  lastMail,
  onboardingDetails,
  requestCode,
  signIn,
  snapshot,
} from '../support/http'
import { callRaw } from '../support/call'

const ADMIN = 'admin@example.com'
const t = appPerTest()

const verify = (tempToken: string | undefined, code: string, extra: Record<string, string> = {}) =>
  callRaw(
    t,
    'verify',
    { body: { code } },
    { ...(tempToken ? { 'temp-token': tempToken } : {}), ...extra },
  )

const wrong = (code: string) => (code === '000000' ? '111111' : '000000')

describe('POST /api/login', () => {
  it('answers a known and an unknown email alike, and emails each a code valid 10 minutes', async () => {
    const known = await callRaw(t, 'login', { body: { email: 'Admin@Example.COM' } })
    const unknown = await callRaw(t, 'login', { body: { email: 'nobody@example.com' } })
    for (const res of [known, unknown]) {
      expect(res.statusCode).toBe(200)
      expect(Object.keys(res.json().Data)).toEqual(['tempToken'])
      expect(res.json().Data.tempToken).toMatch(/^[\w-]{43}$/)
    }
    const mail = await lastMail(t, ADMIN)
    expect(mail.text).toMatch(/\b\d{6}\b/)
    expect(mail.text).toContain('10 minutes')
    expect(mail.html).toContain('10 minutes')
    await lastMail(t, 'nobody@example.com')
  })

  it('stores neither the code nor the temp token in the clear', async () => {
    const { tempToken, code } = await requestCode(t, ADMIN)
    const everything = await snapshot(t)
    expect(everything).not.toContain(tempToken)
    expect(everything).not.toMatch(new RegExp(`"${code}"`))
  })
})

describe('POST /api/verify', () => {
  it('signs in with the right code and answers the session', async () => {
    const { tempToken, code } = await requestCode(t, ADMIN)
    const res = await verify(tempToken, code)
    expect(res.statusCode, res.body).toBe(200)
    const data = res.json().Data
    expect(data.role).toBe('ADMIN')
    expect(data.userData.email).toBe(ADMIN)
    expect(data.Flag).toBe(false)
    expect(data.Token.split('.')).toHaveLength(3)
    expect(cookie(res, 'refresh_token')?.httpOnly).toBe(true)
  })

  it('refuses a wrong code, counting down the tries, and burns the code on the 5th', async () => {
    const { tempToken, code } = await requestCode(t, ADMIN)
    for (const [left, count] of [
      [4, '4 tries'],
      [3, '3 tries'],
      [2, '2 tries'],
      [1, '1 try'],
    ] as const) {
      const problem = expectProblem(await verify(tempToken, wrong(code)), 401, 'CODE_INVALID')
      expect(problem.triesLeft).toBe(left)
      expect(problem.detail).toBe(`That code is not right. ${count} left.`)
    }
    const locked = expectProblem(await verify(tempToken, wrong(code)), 401, 'CODE_LOCKED')
    expect(locked).toMatchObject({
      detail: 'Too many wrong tries. Request a new code.',
      triesLeft: 0,
    })
    // The 6th try, even with the right code, is refused: the code is burnt.
    expectProblem(await verify(tempToken, code), 401, 'CODE_LOCKED')
  })

  it('refuses an expired code', async () => {
    const { tempToken, code } = await requestCode(t, ADMIN)
    t.clock.advance(10 * 60 * 1000 + 1000)
    const problem = expectProblem(await verify(tempToken, code), 401, 'CODE_EXPIRED')
    expect(problem.detail).toBe('This code has expired. Request a new one.')
    expect(problem).not.toHaveProperty('triesLeft')
  })

  it('refuses a code at the end of its 10 minutes to the millisecond', async () => {
    t.clock.freeze()
    const { tempToken, code } = await requestCode(t, ADMIN)
    t.clock.advance(10 * 60 * 1000)
    expectProblem(await verify(tempToken, code), 401, 'CODE_EXPIRED')
  })

  it('accepts a code until the last millisecond of its 10 minutes', async () => {
    t.clock.freeze()
    const { tempToken, code } = await requestCode(t, ADMIN)
    t.clock.advance(10 * 60 * 1000 - 1)
    expect((await verify(tempToken, code)).statusCode).toBe(200)
  })

  it('refuses a code used once already', async () => {
    const { tempToken, code } = await requestCode(t, ADMIN)
    expect((await verify(tempToken, code)).statusCode).toBe(200)
    const problem = expectProblem(await verify(tempToken, code), 401, 'CODE_USED')
    expect(problem.detail).toBe('This code was already used. Request a new one.')
  })

  it('refuses a code superseded by a newer login', async () => {
    const first = await requestCode(t, ADMIN)
    const second = await requestCode(t, ADMIN)
    const problem = expectProblem(await verify(first.tempToken, first.code), 401, 'CODE_SUPERSEDED')
    expect(problem.detail).toBe('A newer code was sent. Use the code from the latest email.')
    expect((await verify(second.tempToken, second.code)).statusCode).toBe(200)
  })

  it('lets exactly one of 20 parallel verifies of one code succeed', async () => {
    const { tempToken, code } = await requestCode(t, ADMIN)
    const answers = await Promise.all(Array.from({ length: 20 }, () => verify(tempToken, code)))
    const statuses = answers.map((r) => r.statusCode)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 401)).toHaveLength(19)
  })

  it('refuses a missing or unknown temp token', async () => {
    const { code } = await requestCode(t, ADMIN)
    for (const tempToken of [undefined, 'not-a-token']) {
      const problem = expectProblem(await verify(tempToken, code), 401, 'TEMP_TOKEN_INVALID')
      expect(problem.detail).toBe('Request a new code to continue.')
    }
  })

  it("reads the temp token from the cookie when the app holds the marker 'cookie'", async () => {
    const login = await callRaw(t, 'login', { body: { email: ADMIN } })
    const temp = cookie(login, 'temp_token')
    expect(temp?.httpOnly).toBe(true)
    expect(temp?.path).toBe('/api')
    const code = (await lastMail(t, ADMIN)).text.match(/\d{6}/)?.[0] ?? ''
    const res = await verify('cookie', code, { cookie: `temp_token=${temp?.value}` })
    expect(res.statusCode, res.body).toBe(200)
  })

  it('answers 404 ACCOUNT_NOT_FOUND for a new email, keeping the code for onboarding', async () => {
    const email = 'new.client@example.com'
    const { tempToken, code } = await requestCode(t, email)
    expectProblem(await verify(tempToken, code), 404, 'ACCOUNT_NOT_FOUND')
    const res = await callRaw(
      t,
      'onboarding',
      { body: { code, ...onboardingDetails } },
      { 'temp-token': tempToken },
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().Data.userData).toMatchObject({
      email,
      city: 'Austin',
      state: 'TX',
      onWaiting: false,
    })
  })
})

describe('POST /api/onboarding after verify found no account (no second code)', () => {
  const EMAIL = 'new.client@example.com'
  const MINUTE = 60 * 1000
  const onboard = (tempToken: string, body: object = onboardingDetails, extra = {}) =>
    callRaw(t, 'onboarding', { body }, { 'temp-token': tempToken, ...extra })
  const emails = async () => (await t.app.db.select().from(users)).map((u) => u.email).sort()

  /** A code sent to EMAIL and proved right by verify, which found no account for it. */
  async function verified() {
    const { tempToken, code } = await requestCode(t, EMAIL)
    const res = await verify(tempToken, code)
    expectProblem(res, 404, 'ACCOUNT_NOT_FOUND')
    return { tempToken, code, res }
  }

  it('creates the account of the verified email with the temp token alone, once', async () => {
    const { tempToken } = await verified()
    const res = await onboard(tempToken)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().Data.userData).toMatchObject({ email: EMAIL, name: 'Pat Swimmer' })
    expect(cookie(res, 'refresh_token')?.httpOnly).toBe(true)
    expectProblem(await onboard(tempToken), 401, 'CODE_USED')
    expect(await emails()).toEqual([ADMIN, EMAIL])
  })

  it('never creates another email with it: the body names no email', async () => {
    const { tempToken } = await verified()
    const before = await snapshot(t, ['rate_limits'])
    const res = await onboard(tempToken, {
      ...onboardingDetails,
      email: 'someone.else@example.com',
    })
    expectProblem(res, 400, 'VALIDATION_FAILED')
    expect(await snapshot(t, ['rate_limits'])).toBe(before)
  })

  it('asks for the code when verify has not proved it', async () => {
    const { tempToken } = await requestCode(t, EMAIL)
    const problem = expectProblem(await onboard(tempToken), 400, 'VALIDATION_FAILED')
    expect(problem.errors?.code).toEqual(['Enter the 6-digit code from the email'])
    expect(await emails()).toEqual([ADMIN])
  })

  it('refuses a missing or unknown temp token', async () => {
    await verified()
    expectProblem(
      await callRaw(t, 'onboarding', { body: onboardingDetails }),
      401,
      'TEMP_TOKEN_INVALID',
    )
    expectProblem(await onboard('not-a-token'), 401, 'TEMP_TOKEN_INVALID')
    expect(await emails()).toEqual([ADMIN])
  })

  it('stays good for 30 minutes from the first verify, past the code’s own 10', async () => {
    t.clock.freeze()
    const { tempToken, code } = await verified()
    t.clock.advance(20 * MINUTE)
    // Verifying again answers the same, and does not stretch the window.
    expectProblem(await verify(tempToken, code), 404, 'ACCOUNT_NOT_FOUND')
    t.clock.advance(10 * MINUTE - 1)
    expect((await onboard(tempToken)).statusCode).toBe(200)
  })

  it('expires 30 minutes after the first verify, to the millisecond', async () => {
    t.clock.freeze()
    const { tempToken, code } = await verified()
    t.clock.advance(20 * MINUTE)
    expectProblem(await verify(tempToken, code), 404, 'ACCOUNT_NOT_FOUND')
    t.clock.advance(10 * MINUTE)
    const problem = expectProblem(await onboard(tempToken), 401, 'CODE_EXPIRED')
    expect(problem.detail).toBe('Your email was confirmed too long ago. Request a new code.')
    expect(await emails()).toEqual([ADMIN])
  })

  it('is superseded by a newer code for the same email', async () => {
    const { tempToken } = await verified()
    await requestCode(t, EMAIL)
    expectProblem(await onboard(tempToken), 401, 'CODE_SUPERSEDED')
    expect(await emails()).toEqual([ADMIN])
  })

  it('creates exactly one account from 10 parallel requests', async () => {
    const { tempToken } = await verified()
    const answers = await Promise.all(Array.from({ length: 10 }, () => onboard(tempToken)))
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1)
    for (const res of answers.filter((r) => r.statusCode !== 200))
      expect([401, 409], res.body).toContain(res.statusCode)
    expect(await emails()).toEqual([ADMIN, EMAIL])
  })

  it("keeps the temp cookie as long, for an app that holds the marker 'cookie'", async () => {
    const { res } = await verified()
    const temp = cookie(res, 'temp_token')
    expect(temp?.maxAge).toBe(30 * 60)
    expect(temp?.httpOnly).toBe(true)
    const created = await onboard('cookie', onboardingDetails, {
      cookie: `temp_token=${temp?.value}`,
    })
    expect(created.statusCode, created.body).toBe(200)
    expect(created.json().Data.userData.email).toBe(EMAIL)
  })
})

describe('POST /api/onboarding', () => {
  it('creates a client with empty pool data and the engineer and manager lists', async () => {
    const { session } = await signIn(t, 'Pool.Owner@Example.com', { asNewClient: true })
    expect(session.role).toBe('CLIENT')
    expect(session.userData).toMatchObject({ email: 'pool.owner@example.com', name: 'Pat Swimmer' })
    expect(session.poolData).toEqual({
      poolChoices: [],
      nonStages: [],
      BuilderRequested: false,
      PermitFee: null,
      ManagerRequests: [],
    })
    expect(session.Flag).toBe(false)
    expect(session.Engineers).toEqual([])
    expect(session.Managers).toEqual([])
  })

  it('sets Flag when we build in the client’s city, and stores the city as we name it', async () => {
    await t.app.db.insert(cities).values({
      name: 'Austin',
      state: 'TX',
      key: 'austin|TX',
      permitFee: 30_000,
      timeZone: 'America/Chicago',
    })
    const { session } = await signIn(t, 'flagged@example.com', {
      asNewClient: true,
      details: { city: ' austin ' },
    })
    expect(session.Flag).toBe(true)
    expect(session.userData).toMatchObject({ city: 'Austin', state: 'TX' })
  })

  it('answers 409 ACCOUNT_EXISTS for an existing account, and the code stays usable for verify', async () => {
    const { tempToken, code } = await requestCode(t, ADMIN)
    const before = await snapshot(t, ['rate_limits'])
    const res = await callRaw(
      t,
      'onboarding',
      { body: { code, ...onboardingDetails } },
      { 'temp-token': tempToken },
    )
    expectProblem(res, 409, 'ACCOUNT_EXISTS')
    expect(await snapshot(t, ['rate_limits'])).toBe(before)
    expect((await verify(tempToken, code)).statusCode).toBe(200)
  })

  it('refuses a wrong code without creating anything', async () => {
    const { tempToken, code } = await requestCode(t, 'someone@example.com')
    const res = await callRaw(
      t,
      'onboarding',
      { body: { code: wrong(code), ...onboardingDetails } },
      { 'temp-token': tempToken },
    )
    expectProblem(res, 401, 'CODE_INVALID')
    expect((await t.app.db.select().from(users)).map((u) => u.email)).toEqual([ADMIN])
  })
})
