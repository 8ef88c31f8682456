import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { auditLog, cities } from '../../server/db/schema'
import { build, type TestApp } from '../support/build'
import { bearer, expectProblem, json, signIn, snapshot } from '../support/http'

let t: TestApp
let admin: Record<string, string>
beforeEach(async () => {
  t = await build()
  admin = bearer((await signIn(t, 'admin@example.com')).session.Token)
})
afterEach(() => t.app.close())

const create = (body: unknown, headers = admin) =>
  json(t.app, 'POST', '/api/admin/cities/create', body, headers)

describe('POST /api/admin/cities/create', () => {
  it('serves the city, records the write in the audit log, and opens the builder to its clients', async () => {
    const client = await signIn(t, 'c@example.com', {
      asNewClient: true,
      details: { city: 'Austin' },
    })
    expect(client.session.Flag).toBe(false)
    const res = await create({ name: 'Austin', state: 'tx', permitFee: 45_000 })
    expect(res.statusCode, res.body).toBe(201)
    const city = res.json().Data
    expect(city).toMatchObject({ name: 'Austin', state: 'TX', permitFee: 45_000 })
    const [entry] = await t.app.db.select().from(auditLog)
    expect(entry).toMatchObject({
      action: 'create',
      entity: 'city',
      entityId: city.id,
      actorId: expect.any(String),
    })
    const again = await signIn(t, 'c@example.com')
    expect(again.session.Flag).toBe(true)
  })

  it('answers 409 to a city already served, ignoring case and spaces, and changes nothing', async () => {
    expect((await create({ name: 'San Antonio', state: 'TX', permitFee: 1 })).statusCode).toBe(201)
    const before = await snapshot(t)
    expectProblem(
      await create({ name: 'san antonio ', state: 'tx', permitFee: 2 }),
      409,
      'CONFLICT',
    )
    expect(await snapshot(t)).toBe(before)
  })

  it('is for admins only: 401 anonymous, 403 for a client', async () => {
    const client = await signIn(t, 'c@example.com', { asNewClient: true })
    expectProblem(await create({ name: 'A', state: 'TX', permitFee: 1 }, {}), 401)
    expectProblem(
      await create({ name: 'A', state: 'TX', permitFee: 1 }, bearer(client.session.Token)),
      403,
    )
    expect(await t.app.db.select().from(cities)).toEqual([])
  })

  it('names the bad fields and changes nothing', async () => {
    const before = await snapshot(t)
    const problem = expectProblem(await create({ name: '', state: 'Texas', permitFee: -1 }), 400)
    expect(Object.keys(problem.errors ?? {}).sort()).toEqual(['name', 'permitFee', 'state'])
    expect(await snapshot(t)).toBe(before)
  })
})
