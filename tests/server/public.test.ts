import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { STEPS, StagesData } from '../../contract'
import { cities } from '../../server/db/schema'
import { appPerTest, build } from '../support/build'
import { expectProblem } from '../support/http'
import { callRaw } from '../support/call'
import { newClient, serveAustin } from './client-kit'

const t = appPerTest()

describe('GET /api', () => {
  it('answers the 10 seeded stages in construction order, each with pricing and a design tip', async () => {
    const res = await t.app.inject('/api')
    expect(res.statusCode).toBe(200)
    const stages = StagesData.parse(res.json().Data)
    const expected = STEPS.filter((s) => s.kind === 'stage').map((s) => s.title)
    expect(stages.map((s) => s.title)).toEqual(expected)
    for (const stage of stages) {
      expect(stage.designTip.stageId).toBe(stage.id)
      expect(stage.designTip.text.length).toBeGreaterThan(20)
    }
    expect(stages.find((s) => s.slug === 'excavation')?.pricing).toMatchObject({
      base: 50_000,
      unit: 'dig_yd3',
      unitPrice: 6_000,
    })
  })

  it('sends a weak ETag and answers 304 to a matching If-None-Match', async () => {
    const first = await t.app.inject('/api')
    const etag = first.headers.etag
    expect(etag).toMatch(/^W\/"/)
    const again = await t.app.inject({ url: '/api', headers: { 'if-none-match': String(etag) } })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    const stale = await t.app.inject({ url: '/api', headers: { 'if-none-match': 'W/"old"' } })
    expect(stale.statusCode).toBe(200)
  })

  it('gzips the list for a browser that accepts it; the same data, and 304s stay bare', async () => {
    const plain = await t.app.inject('/api')
    const headers = { 'accept-encoding': 'gzip, deflate, br' }
    const zipped = await t.app.inject({ url: '/api', headers })
    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(zipped.headers.vary).toMatch(/accept-encoding/i)
    expect(JSON.parse(zlib.gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json())
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2)
    const etag = String(zipped.headers.etag)
    const same = await t.app.inject({ url: '/api', headers: { ...headers, 'if-none-match': etag } })
    expect(same.statusCode).toBe(304)
    expect(same.rawPayload.length).toBe(0)
  })

  it('puts the security headers on every response, errors included', async () => {
    for (const url of ['/api', '/api/nothing-here']) {
      const res = await t.app.inject(url)
      const csp = String(res.headers['content-security-policy'])
      expect(csp).toContain("object-src 'none'")
      expect(csp).toContain("base-uri 'none'")
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).toContain("script-src 'self'")
      expect(csp).not.toContain('unsafe-inline')
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
      expect(res.headers['strict-transport-security']).toBeUndefined()
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
      expect(res.headers['permissions-policy']).toContain('camera=()')
      expect(res.headers['permissions-policy']).toContain('geolocation=()')
    }
  })

  it('keeps signed-in answers out of every cache, public ones revalidated', async () => {
    await serveAustin(t)
    const client = await newClient(t, 'c@example.com')
    const mine = await callRaw(t, 'notifications', {}, client.headers)
    expect(mine.statusCode).toBe(200)
    expect(mine.headers['cache-control']).toBe('no-store')
    // A refusal of a signed-in call too: it names what the caller may not see.
    const refused = await callRaw(t, 'adminFetch', {}, client.headers)
    expect(refused.statusCode).toBe(403)
    expect(refused.headers['cache-control']).toBe('no-store')
    expect((await t.app.inject('/api')).headers['cache-control']).toBe('no-cache')
  })

  it('sends HSTS when PUBLIC_URL is https', async () => {
    const https = await build({ PUBLIC_URL: 'https://pool.example.com' })
    const res = await https.app.inject('/api')
    expect(res.headers['strict-transport-security']).toContain('max-age=')
    await https.app.close()
  })

  it('answers an unknown API path with a problem+json 404', async () => {
    expectProblem(await t.app.inject('/api/no-such-thing'), 404, 'NOT_FOUND')
  })
})

describe('POST /api/validate', () => {
  it('tells whether we build in a city, ignoring case and spaces', async () => {
    await t.app.db.insert(cities).values({
      name: 'San Antonio',
      state: 'TX',
      key: 'sanantonio|TX',
      permitFee: 45_000,
      timeZone: 'America/Chicago',
    })
    const ask = (city: string, state: string) => callRaw(t, 'validate', { body: { city, state } })
    expect((await ask('san  antonio', 'tx')).json()).toEqual({ Data: { Flag: true } })
    expect((await ask(' SAN ANTONIO ', 'TX')).json()).toEqual({ Data: { Flag: true } })
    expect((await ask('San Antonio', 'CA')).json()).toEqual({ Data: { Flag: false } })
    expect((await ask('Dallas', 'TX')).json()).toEqual({ Data: { Flag: false } })
  })

  it('names the fields that are wrong', async () => {
    const problem = expectProblem(
      await callRaw(t, 'validate', { body: { city: '', state: 'Texas' } }),
      400,
    )
    expect(Object.keys(problem.errors ?? {}).sort()).toEqual(['city', 'state'])
  })
})

describe('OpenAPI', () => {
  it('documents every route of the API from the shared schemas', async () => {
    const res = await t.app.inject('/api/docs/json')
    expect(res.statusCode).toBe(200)
    const doc = res.json() as {
      openapi: string
      paths: Record<string, Record<string, { requestBody?: unknown }>>
    }
    expect(doc.openapi).toMatch(/^3\./)
    for (const path of [
      '/api',
      '/api/validate',
      '/api/login',
      '/api/verify',
      '/api/onboarding',
      '/api/refresh',
      '/api/logout',
      '/api/edit-status',
    ]) {
      expect(doc.paths, path).toHaveProperty([path])
    }
    expect(doc.paths['/api/login']?.post?.requestBody).toBeDefined()
  })

  it('serves a human page under the app’s own policy, its assets from the app', async () => {
    const page = await t.app.inject('/api/docs/')
    const app = await t.app.inject('/')
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-security-policy']).toBe(app.headers['content-security-policy'])
    const scripts = [...page.body.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1])
    expect(scripts.length).toBeGreaterThan(0)
    for (const src of scripts) expect(src).not.toMatch(/^(https?:)?\/\//)
    // No inline script to allow by a hash or 'unsafe-inline'.
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
    const initializer = await t.app.inject('/api/docs/static/swagger-initializer.js')
    expect(initializer.body).toContain('validatorUrl')
  })
})
