import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { createSigner } from 'fast-jwt'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cities, users } from '../../server/db/schema'
import { deriveKey } from '../../server/lib/crypto'
import { build, type TestApp } from '../support/build'
import { bearer, expectProblem, json, signIn } from '../support/http'

const ADMIN = 'admin@example.com'
let t: TestApp
beforeEach(async () => {
  t = await build()
  // A builder-only route outside /api (the route table lists every /api route): the access hook
  // alone must guard it.
  t.app.put('/test-builder', { config: { access: 'builder' } }, async () => ({ Data: 'ok' }))
})
afterEach(() => {
  vi.useRealTimers()
  return t.app.close()
})

const editStatus = (headers: Record<string, string>) =>
  json(t.app, 'PUT', '/api/edit-status', { onWaiting: true }, headers)

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

describe('access rules', () => {
  it('answers 401 to an anonymous call', async () => {
    expectProblem(await editStatus({}), 401, 'UNAUTHENTICATED')
  })

  it('answers 403 to the wrong role', async () => {
    const { session } = await signIn(t, ADMIN)
    expectProblem(await editStatus(bearer(session.Token)), 403, 'FORBIDDEN')
  })

  it('lets a client change its waiting-list status', async () => {
    const { session } = await signIn(t, 'c@example.com', { asNewClient: true })
    const res = await editStatus(bearer(session.Token))
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ Data: { onWaiting: true } })
    const refreshed = await signIn(t, 'c@example.com')
    expect(refreshed.session.userData).toMatchObject({ onWaiting: true })
  })

  it('answers 403 to a client without Flag on builder calls, and lets a client with Flag in', async () => {
    const { session } = await signIn(t, 'waiting@example.com', { asNewClient: true })
    expectProblem(
      await json(t.app, 'PUT', '/test-builder', {}, bearer(session.Token)),
      403,
      'FORBIDDEN',
    )
    const admin = await signIn(t, ADMIN)
    expectProblem(await json(t.app, 'PUT', '/test-builder', {}, bearer(admin.session.Token)), 403)

    await t.app.db.insert(cities).values({
      name: 'Austin',
      state: 'TX',
      key: 'austin|TX',
      permitFee: 1,
      timeZone: 'America/Chicago',
    })
    t.clock.advance(5_000)
    const res = await json(t.app, 'PUT', '/test-builder', {}, bearer(session.Token))
    expect(res.statusCode, res.body).toBe(200)
  })

  it('signs access tokens with HS256 for ACCESS_TOKEN_TTL seconds', async () => {
    const custom = await build({ ACCESS_TOKEN_TTL: '45' })
    const { session } = await signIn(custom, ADMIN)
    const [header, payload] = session.Token.split('.')
      .slice(0, 2)
      .map((p) => JSON.parse(Buffer.from(p, 'base64url').toString()))
    expect(header.alg).toBe('HS256')
    expect(payload.exp - payload.iat).toBe(45)
    expect(payload).toMatchObject({ sub: session.userData.id, role: 'ADMIN' })
    await custom.app.close()
  })

  it('refuses a token signed with another secret', async () => {
    const { session } = await signIn(t, 'c@example.com', { asNewClient: true })
    const forged = createSigner({
      key: crypto.randomBytes(32),
      algorithm: 'HS256',
      expiresIn: 60_000,
    })({
      sub: session.userData.id,
      role: 'CLIENT',
    })
    expectProblem(await editStatus(bearer(forged)), 401)
  })

  it('refuses an unsigned token and an algorithm outside the allow-list', async () => {
    const { session } = await signIn(t, 'c@example.com', { asNewClient: true })
    const claims = {
      sub: session.userData.id,
      role: 'CLIENT',
      exp: Math.floor(Date.now() / 1000) + 600,
    }
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`
    expectProblem(await editStatus(bearer(unsigned)), 401)
    // Same key, but HS512: only HS256 is allowed.
    const hs512 = createSigner({ key: t.app.keys.jwt, algorithm: 'HS512', expiresIn: 60_000 })(
      claims,
    )
    expectProblem(await editStatus(bearer(hs512)), 401)
    // The real token works, so the refusals above are about the token alone.
    expect((await editStatus(bearer(session.Token))).statusCode).toBe(200)
  })

  it('refuses a token of the right key without an expiry', async () => {
    const { session } = await signIn(t, 'c@example.com', { asNewClient: true })
    const forever = createSigner({ key: t.app.keys.jwt, algorithm: 'HS256' })({
      sub: session.userData.id,
      role: 'CLIENT',
    })
    expectProblem(await editStatus(bearer(forever)), 401)
  })

  it('refuses an expired token, even one it verified before', async () => {
    const { session } = await signIn(t, 'c@example.com', { asNewClient: true })
    expect((await editStatus(bearer(session.Token))).statusCode).toBe(200)
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 16 * 60 * 1000)
    expectProblem(await editStatus(bearer(session.Token)), 401)
  })

  it('refuses the token of a deleted user', async () => {
    const { session, refresh } = await signIn(t, 'c@example.com', { asNewClient: true })
    expect((await editStatus(bearer(session.Token))).statusCode).toBe(200)
    await t.app.db.delete(users).where(eq(users.id, session.userData.id))
    t.clock.advance(5_000)
    expectProblem(await editStatus(bearer(session.Token)), 401)
    expectProblem(
      await json(t.app, 'POST', '/api/refresh', undefined, { cookie: `refresh_token=${refresh}` }),
      401,
    )
  })

  it('refuses a token whose role no longer matches the user', async () => {
    const { session } = await signIn(t, 'c@example.com', { asNewClient: true })
    await t.app.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, session.userData.id))
    t.app.users.forget(session.userData.id)
    expectProblem(await editStatus(bearer(session.Token)), 401)
  })

  it.each([
    ['not a uuid', { sub: 'not-a-uuid', role: 'CLIENT' }],
    ['a number', { sub: 42, role: 'CLIENT' }],
    ['missing', { role: 'ADMIN' }],
    ['a uuid with an unknown role', { sub: crypto.randomUUID(), role: 'ROOT' }],
  ])('answers 401 to a validly signed token whose subject is %s', async (_name, claims) => {
    const signed = createSigner({ key: t.app.keys.jwt, algorithm: 'HS256', expiresIn: 60_000 })
    const res = await editStatus(bearer(signed(claims)))
    expectProblem(res, 401, 'UNAUTHENTICATED')
    expect(res.body).not.toMatch(/FST_ERR|uuid|syntax/i)
  })

  it('will not register an API route that declares no access rule', async () => {
    const { app } = await build()
    expect(() => app.get('/api/undeclared', async () => 'x')).toThrow(/declares no config.access/)
    await app.close()
  })

  it('derives distinct keys per purpose from the one secret', () => {
    const secret = crypto.randomBytes(32)
    expect(deriveKey(secret, 'jwt').equals(deriveKey(secret, 'code'))).toBe(false)
    expect(deriveKey(secret, 'jwt').equals(deriveKey(secret, 'jwt'))).toBe(true)
  })
})
