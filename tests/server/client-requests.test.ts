import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { ManagerRequest } from '../../contract'
import { builderRequests, managerRequests, managers } from '../../server/db/schema'
import { expectProblem, signIn, snapshot } from '../support/http'
import { callRaw } from '../support/call'
import { addManager, austinPerTest, newClient } from './client-kit'

const { t, client } = austinPerTest()

const requestBuilder = (headers = client.headers) => callRaw(t, 'requestBuilder', {}, headers)
const requestManager = (body: unknown, headers = client.headers) =>
  callRaw(t, 'requestManager', { body }, headers)

describe('PUT /api/request-builder', () => {
  it('opens one request however often it is called, and poolData says so', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await requestBuilder()
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toEqual({ Data: { BuilderRequested: true } })
    }
    await Promise.all([requestBuilder(), requestBuilder()])
    const rows = await t.app.db.select().from(builderRequests)
    expect(rows).toMatchObject([{ clientId: client.id, status: 'open' }])
    const { session } = await signIn(t, 'c@example.com')
    expect(session.poolData?.BuilderRequested).toBe(true)
  })

  it('opens a new request once the last one is closed', async () => {
    await requestBuilder()
    await t.app.db.update(builderRequests).set({ status: 'closed' })
    await requestBuilder()
    const rows = await t.app.db.select().from(builderRequests)
    expect(rows.map((r) => r.status).sort()).toEqual(['closed', 'open'])
  })

  it('refuses a body with fields in it, changing nothing', async () => {
    const before = await snapshot(t)
    expectProblem(
      await callRaw(t, 'requestBuilder', { body: { please: true } }, client.headers),
      400,
    )
    expect(await snapshot(t)).toBe(before)
  })
})

describe('POST /api/request-manager', () => {
  it('creates a request (201) naming the client and the manager', async () => {
    const manager = await addManager(t)
    const res = await requestManager({ managerId: manager.id, message: ' Can you start in May? ' })
    expect(res.statusCode, res.body).toBe(201)
    expect(ManagerRequest.parse(res.json().Data)).toMatchObject({
      clientId: client.id,
      clientName: 'Pat Swimmer',
      managerId: manager.id,
      managerName: 'Max Manager',
      message: 'Can you start in May?',
      status: 'open',
    })
  })

  it("lists the client's own requests in poolData, and no one else's", async () => {
    const manager = await addManager(t)
    const mine = (await requestManager({ managerId: manager.id, message: 'Mine' })).json().Data
    const other = await newClient(t, 'other@example.com')
    await requestManager({ managerId: manager.id, message: 'Theirs' }, other.headers)
    const { session } = await signIn(t, 'c@example.com')
    expect(session.poolData?.ManagerRequests).toEqual([mine])
  })

  it('answers the open request (200) to a second request to the same manager', async () => {
    const manager = await addManager(t)
    const first = await requestManager({ managerId: manager.id, message: 'First' })
    const again = await requestManager({ managerId: manager.id, message: 'Second' })
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json().Data).toEqual(first.json().Data)
    const racing = await Promise.all([
      requestManager({ managerId: manager.id }),
      requestManager({ managerId: manager.id }),
    ])
    expect(racing.map((r) => r.statusCode)).toEqual([200, 200])
    expect(await t.app.db.select().from(managerRequests)).toHaveLength(1)
  })

  it('opens a separate request per manager, and a new one once the last is closed', async () => {
    const max = await addManager(t)
    const mia = await addManager(t, 'Mia Manager')
    expect((await requestManager({ managerId: max.id })).statusCode).toBe(201)
    expect((await requestManager({ managerId: mia.id })).statusCode).toBe(201)
    await t.app.db.update(managerRequests).set({ status: 'contacted' })
    expect((await requestManager({ managerId: max.id })).statusCode).toBe(201)
    expect(await t.app.db.select().from(managerRequests)).toHaveLength(3)
  })

  it("keeps the manager's name after the manager is deleted", async () => {
    const manager = await addManager(t)
    await requestManager({ managerId: manager.id })
    await t.app.db.delete(managers).where(eq(managers.id, manager.id))
    expect(await t.app.db.select().from(managerRequests)).toMatchObject([
      { managerId: null, managerName: 'Max Manager' },
    ])
  })

  it('answers 404 to an unknown manager and 400 to a bad body, changing nothing', async () => {
    const before = await snapshot(t)
    const unknown = expectProblem(
      await requestManager({ managerId: crypto.randomUUID() }),
      404,
      'NOT_FOUND',
    )
    expect(unknown.detail).toBe('Unknown manager')
    const bad = expectProblem(
      await requestManager({ managerId: 'max', message: 'x'.repeat(1001) }),
      400,
    )
    expect(Object.keys(bad.errors ?? {}).sort()).toEqual(['managerId', 'message'])
    expect(await snapshot(t)).toBe(before)
  })
})
