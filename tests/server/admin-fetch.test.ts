import zlib from 'node:zlib'
import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AdminFetchData } from '../../contract'
import { builderRequests, clients } from '../../server/db/schema'
import { build, type TestApp } from '../support/build'
import { bearer, expectProblem, json, signIn } from '../support/http'

let t: TestApp
let admin: Record<string, string>
beforeEach(async () => {
  t = await build()
  admin = bearer((await signIn(t, 'admin@example.com')).session.Token)
})
afterEach(() => t.app.close())

const fetchAll = (headers = admin) => json(t.app, 'GET', '/api/admin/fetch', undefined, headers)

describe('GET /api/admin/fetch', () => {
  it('answers the 11 lists, clients with Flag, perk, waiting status and progress', async () => {
    const waiting = await signIn(t, 'wait@example.com', {
      asNewClient: true,
      details: { city: 'Reno', state: 'NV' },
    })
    const served = await signIn(t, 'served@example.com', { asNewClient: true })
    await json(
      t.app,
      'POST',
      '/api/admin/cities/create',
      { name: 'Austin', state: 'TX', permitFee: 100 },
      admin,
    )
    await t.app.db
      .update(clients)
      .set({ onWaiting: true })
      .where(eq(clients.userId, waiting.session.userData.id))
    await t.app.db
      .update(clients)
      .set({ perk: 'Free startup' })
      .where(eq(clients.userId, served.session.userData.id))
    await t.app.db.insert(builderRequests).values({ clientId: served.session.userData.id })

    const res = await fetchAll()
    expect(res.statusCode, res.body).toBe(200)
    const data = AdminFetchData.parse(res.json().Data)
    expect(data.Admins.map((a) => a.email)).toEqual(['admin@example.com'])
    expect(data.Cities.map((c) => c.name)).toEqual(['Austin'])
    expect(data.Stages).toHaveLength(10)
    expect(data.NonStages.map((n) => n.title)).toEqual(['Pool Design', 'Engineering', 'Permits'])
    // Committed and paid are summed from contracts and payments (see money-orders.test.ts).
    expect(data.Clients.map((c) => [c.email, c.Flag, c.stepsDone, c.committed, c.paid])).toEqual([
      ['wait@example.com', false, 0, 0, 0],
      ['served@example.com', true, 0, 0, 0],
    ])
    expect(data.UsersOnWaiting.map((c) => c.email)).toEqual(['wait@example.com'])
    expect(data.UsersWithPerks.map((c) => [c.email, c.perk])).toEqual([
      ['served@example.com', 'Free startup'],
    ])
    expect(data.BuilderRequests).toMatchObject([{ clientName: 'Pat Swimmer', status: 'open' }])
    expect(data.ManagerRequests).toEqual([])
  })

  it('sends an ETag and answers 304 until something changes', async () => {
    const first = await fetchAll()
    const etag = String(first.headers.etag)
    expect(etag).toMatch(/^W\//)
    const same = await fetchAll({ ...admin, 'if-none-match': etag })
    expect(same.statusCode).toBe(304)
    await signIn(t, 'new@example.com', { asNewClient: true })
    const changed = await fetchAll({ ...admin, 'if-none-match': etag })
    expect(changed.statusCode).toBe(200)
    expect(changed.headers.etag).not.toBe(etag)
  })

  it('gzips the answer for a browser that accepts it; the same data, and 304s stay bare', async () => {
    const plain = await fetchAll()
    const zipped = await fetchAll({ ...admin, 'accept-encoding': 'gzip, deflate, br' })
    expect(zipped.statusCode).toBe(200)
    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(zipped.headers.vary).toMatch(/accept-encoding/i)
    expect(JSON.parse(zlib.gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json())
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length)
    const etag = String(zipped.headers.etag)
    const same = await fetchAll({ ...admin, 'accept-encoding': 'gzip', 'if-none-match': etag })
    expect(same.statusCode).toBe(304)
    expect(same.rawPayload.length).toBe(0)
  })

  it('is for admins only', async () => {
    const client = await signIn(t, 'c@example.com', { asNewClient: true })
    expectProblem(await fetchAll({}), 401)
    expectProblem(await fetchAll(bearer(client.session.Token)), 403)
  })
})
