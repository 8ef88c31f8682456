import { describe, expect, it } from 'vitest'
import { RefreshData } from '../../contract'
import { appPerTest } from '../support/build'
import { bearer, cookie, expectProblem, refreshWith, signIn } from '../support/http'
import { callRaw } from '../support/call'
import { statementsDuring } from '../support/statements'
import { newClient, serveAustin } from './client-kit'

const ADMIN = 'admin@example.com'
const DAY = 24 * 60 * 60 * 1000
const t = appPerTest()

const refresh = (token: string) => refreshWith(t, token)

/** Refreshes and answers the rotated token. */
async function rotate(token: string): Promise<string> {
  const res = await refresh(token)
  expect(res.statusCode, res.body).toBe(200)
  const next = cookie(res, 'refresh_token')?.value
  if (!next) throw new Error('no rotated cookie')
  return next
}

describe('POST /api/refresh', () => {
  it('answers a new access token and the session, and rotates the refresh token', async () => {
    const { refresh: first } = await signIn(t, ADMIN)
    const res = await refresh(first)
    expect(res.statusCode).toBe(200)
    const data = RefreshData.parse(res.json().Data)
    expect(data.role).toBe('ADMIN')
    expect(data.userData.email).toBe(ADMIN)
    const second = cookie(res, 'refresh_token')
    expect(second?.value).not.toBe(first)
    expect(second).toMatchObject({ path: '/api', httpOnly: true, sameSite: 'Strict' })
    expect(second?.value.length).toBeGreaterThanOrEqual(22)
  })

  it("carries a client's pool data and directory, and nothing of the kind for an admin", async () => {
    await serveAustin(t)
    await newClient(t, 'c@example.com')
    const { refresh: clientToken } = await signIn(t, 'c@example.com')
    const data = RefreshData.parse((await refresh(clientToken)).json().Data)
    expect(data.poolData).toMatchObject({ BuilderRequested: false, PermitFee: 45_000 })
    expect(data.Engineers).toEqual([])
    expect(data.Managers).toEqual([])
    const { refresh: adminToken } = await signIn(t, ADMIN)
    const admin = (await refresh(adminToken)).json().Data
    expect(admin).not.toHaveProperty('poolData')
  })

  it('rotates the token and reads the session in one statement', async () => {
    await serveAustin(t)
    await newClient(t, 'c@example.com')
    const { refresh: token } = await signIn(t, 'c@example.com')
    // The client's directory is read once per data version: the sign-in read it.
    let res = await refresh(token)
    const statements = await statementsDuring(t, async () => {
      res = await refresh(cookie(res, 'refresh_token')?.value ?? '')
    })
    expect(res.statusCode).toBe(200)
    expect(RefreshData.parse(res.json().Data).poolData).toMatchObject({ PermitFee: 45_000 })
    expect(statements).toHaveLength(1)
    expect(statements[0]).toMatch(/update refresh_tokens/)
  })

  it("keeps a client's directory only as long as the data it was read from", async () => {
    await serveAustin(t)
    await newClient(t, 'c@example.com')
    const { refresh: first } = await signIn(t, 'c@example.com')
    const admin = bearer((await signIn(t, ADMIN)).session.Token)
    const names = async (token: string) => {
      const res = await refresh(token)
      const data = RefreshData.parse(res.json().Data)
      return {
        next: cookie(res, 'refresh_token')?.value ?? '',
        names: data.Engineers?.map((e) => e.name),
      }
    }
    const before = await names(first)
    expect(before.names).toEqual([])
    const engineer = {
      name: 'Ada Beam',
      company: 'Beam Co',
      email: 'ada@beam.example',
      phone: '+1 512 555 0101',
      licenseNo: 'PE-1',
      fee: 90_000,
    }
    const created = await callRaw(t, 'createEngineer', { body: engineer }, admin)
    expect(created.statusCode, created.body).toBe(201)
    const after = await names(before.next)
    expect(after.names).toEqual(['Ada Beam'])
    const { id } = created.json().Data as { id: string }
    const edited = await callRaw(t, 'editEngineer', { id, body: { name: 'Ada Girder' } }, admin)
    expect(edited.statusCode, edited.body).toBe(200)
    expect((await names(after.next)).names).toEqual(['Ada Girder'])
  })

  it('ends the session of a user deleted since, clearing its cookie', async () => {
    await serveAustin(t)
    const { id } = await newClient(t, 'c@example.com')
    const { refresh: token } = await signIn(t, 'c@example.com')
    const admin = bearer((await signIn(t, ADMIN)).session.Token)
    const removed = await callRaw(t, 'deleteClient', { id }, admin)
    expect(removed.statusCode, removed.body).toBe(200)
    const res = await refresh(token)
    expectProblem(res, 401)
    expect(cookie(res, 'refresh_token')?.value).toBe('')
  })

  it('answers the already-issued successor when the parent is replayed up to 10 seconds later', async () => {
    t.clock.freeze()
    const { refresh: parent } = await signIn(t, ADMIN)
    const child = await rotate(parent)
    t.clock.advance(10_000)
    expect(await rotate(parent)).toBe(child)
    // The chain did not fork: the successor still works.
    expect(await rotate(child)).not.toBe(child)
  })

  it('gives parallel refreshes of one token one and the same successor', async () => {
    const { refresh: parent } = await signIn(t, ADMIN)
    const answers = await Promise.all(Array.from({ length: 5 }, () => refresh(parent)))
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200])
    expect(new Set(answers.map((r) => cookie(r, 'refresh_token')?.value)).size).toBe(1)
  })

  it('revokes the whole family when the parent is replayed after the grace window', async () => {
    t.clock.freeze()
    const { refresh: parent } = await signIn(t, ADMIN)
    const child = await rotate(parent)
    t.clock.advance(10_001)
    expectProblem(await refresh(parent), 401, 'REFRESH_INVALID')
    expectProblem(await refresh(child), 401, 'REFRESH_INVALID')
  })

  it('revokes the whole family on the replay of an older token, even inside the grace window', async () => {
    const { refresh: first } = await signIn(t, ADMIN)
    const second = await rotate(first)
    const third = await rotate(second)
    expectProblem(await refresh(first), 401, 'REFRESH_INVALID')
    expectProblem(await refresh(third), 401, 'REFRESH_INVALID')
  })

  it('leaves other sign-ins of the same user alone when one family is revoked', async () => {
    const { refresh: phone } = await signIn(t, ADMIN)
    const { refresh: laptop } = await signIn(t, ADMIN)
    await rotate(phone)
    t.clock.advance(11_000)
    expectProblem(await refresh(phone), 401)
    expect((await refresh(laptop)).statusCode).toBe(200)
  })

  it('ends a sign-in 30 days after it began, however often it was refreshed', async () => {
    const { refresh: first } = await signIn(t, ADMIN, { rememberMe: true })
    t.clock.advance(20 * DAY)
    const later = await rotate(first)
    t.clock.advance(10 * DAY + 1000)
    const res = await refresh(later)
    expectProblem(res, 401, 'REFRESH_INVALID')
    expect(cookie(res, 'refresh_token')?.value).toBe('')
  })

  it('refuses a missing or made-up token', async () => {
    for (const res of [await callRaw(t, 'refresh'), await refresh('made-up')]) {
      const problem = expectProblem(res, 401, 'REFRESH_INVALID')
      expect(problem.detail).toBe('Your session has ended. Please sign in again.')
    }
  })
})

describe('remember me', () => {
  it('makes the refresh cookie persistent for 30 days and sets rememberLogin=true', async () => {
    const { res } = await signIn(t, ADMIN, { rememberMe: true })
    const refreshCookie = cookie(res, 'refresh_token')
    expect(refreshCookie?.maxAge).toBe(30 * 24 * 60 * 60)
    const remember = cookie(res, 'rememberLogin')
    expect(remember).toMatchObject({ value: 'true', path: '/', sameSite: 'Strict' })
    expect(remember?.httpOnly).toBeFalsy()
    // Rotation keeps it persistent, counting down to the same absolute end.
    t.clock.advance(DAY)
    const rotated = await refresh(refreshCookie?.value ?? '')
    expect(cookie(rotated, 'refresh_token')?.maxAge).toBe(29 * 24 * 60 * 60)
    expect(cookie(rotated, 'rememberLogin')?.value).toBe('true')
  })

  it('otherwise keeps both as session cookies', async () => {
    const { res } = await signIn(t, ADMIN)
    expect(cookie(res, 'refresh_token')?.maxAge).toBeUndefined()
    expect(cookie(res, 'refresh_token')?.expires).toBeUndefined()
    const remember = cookie(res, 'rememberLogin')
    expect(remember?.value ?? '').toBe('')
  })
})

describe('POST /api/logout', () => {
  it('revokes the refresh token and clears the cookies', async () => {
    const { refresh: token } = await signIn(t, ADMIN, { rememberMe: true })
    const res = await callRaw(
      t,
      'logout',
      {},
      {
        cookie: `refresh_token=${token}`,
      },
    )
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ Data: null })
    expect(cookie(res, 'refresh_token')?.value).toBe('')
    expect(cookie(res, 'rememberLogin')?.value).toBe('')
    expectProblem(await refresh(token), 401, 'REFRESH_INVALID')
  })

  it('succeeds without a session too, or with a token it does not know', async () => {
    expect((await callRaw(t, 'logout')).statusCode).toBe(200)
    const res = await callRaw(t, 'logout', {}, { cookie: 'refresh_token=made-up' })
    expect(res.statusCode, res.body).toBe(200)
    expect(cookie(res, 'refresh_token')?.value).toBe('')
  })
})
