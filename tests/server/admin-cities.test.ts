import fs from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { auditLog, cities } from '../../server/db/schema'
import { appPerTest } from '../support/build'
import {
  bearer,
  expectProblem,
  json,
  lastMail,
  signIn,
  signInAdmin,
  snapshot,
} from '../support/http'
import { callRaw } from '../support/call'

const t = appPerTest()
let admin: Record<string, string>
beforeEach(async () => {
  // A builder-only route outside /api (the route table lists every /api route): shows what the
  // access hook (and its identity cache) thinks of Flag.
  t.app.put('/test-builder', { config: { access: 'builder' } }, async () => ({ Data: 'ok' }))
  admin = (await signInAdmin(t)).headers
})

const create = (body: unknown, headers = admin) => callRaw(t, 'createCity', { body }, headers)

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

describe('state', () => {
  it('is one of the 50 states or DC, in any case', async () => {
    const problem = expectProblem(await create({ name: 'Nowhere', state: 'ZZ', permitFee: 1 }), 400)
    expect(problem.errors?.state).toEqual(['Choose one of the 50 states or DC'])
    const res = await create({ name: 'Washington', state: ' dc', permitFee: 1 })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().Data.state).toBe('DC')
  })
})

const edit = (id: string, body: unknown) => callRaw(t, 'editCity', { id, body }, admin)
const remove = (id: string) => callRaw(t, 'deleteCity', { id }, admin)

describe('time zone', () => {
  it('defaults from the state, and is any IANA zone the admin gives', async () => {
    const zoneOf = async (body: object) => {
      const res = await create({ permitFee: 1, ...body })
      expect(res.statusCode, res.body).toBe(201)
      return res.json().Data.timeZone
    }
    expect(await zoneOf({ name: 'Austin', state: 'TX' })).toBe('America/Chicago')
    expect(await zoneOf({ name: 'Honolulu', state: 'hi' })).toBe('Pacific/Honolulu')
    expect(await zoneOf({ name: 'Phoenix', state: 'AZ' })).toBe('America/Phoenix')
    expect(await zoneOf({ name: 'El Paso', state: 'TX', timeZone: ' America/Denver' })).toBe(
      'America/Denver',
    )
  })

  it('answers 400 to a zone that is not one, and changes nothing', async () => {
    const city = (await create({ name: 'Austin', state: 'TX', permitFee: 1 })).json().Data
    const before = await snapshot(t)
    for (const timeZone of ['Mars/Olympus', 'CST-ish', '', 42]) {
      const refused = await create({ name: 'Dallas', state: 'TX', permitFee: 1, timeZone })
      expect(Object.keys(expectProblem(refused, 400).errors ?? {})).toEqual(['timeZone'])
      expect(
        Object.keys(expectProblem(await edit(city.id, { timeZone }), 400).errors ?? {}),
      ).toEqual(['timeZone'])
    }
    expect(await snapshot(t)).toBe(before)
  })

  it("is the admin's to change, and follows a move to another state unless given", async () => {
    const city = (await create({ name: 'Austin', state: 'TX', permitFee: 1 })).json().Data
    const zone = async (body: object) => (await edit(city.id, body)).json().Data.timeZone
    expect(await zone({ timeZone: 'America/Denver' })).toBe('America/Denver')
    expect(await zone({ permitFee: 2 })).toBe('America/Denver')
    expect(await zone({ state: 'HI' })).toBe('Pacific/Honolulu')
    expect(await zone({ state: 'CA', timeZone: 'America/Phoenix' })).toBe('America/Phoenix')
    const { Data } = (await callRaw(t, 'adminFetch', {}, admin)).json()
    expect(Data.Cities).toEqual([expect.objectContaining({ timeZone: 'America/Phoenix' })])
  })
})

/** A client of `city`, on the waiting list or not. */
async function clientIn(email: string, city: string, onWaiting: boolean) {
  const { session } = await signIn(t, email, { asNewClient: true, details: { city, state: 'TX' } })
  const res = await callRaw(t, 'editStatus', { body: { onWaiting } }, bearer(session.Token))
  expect(res.statusCode, res.body).toBe(200)
  return { id: session.userData.id, token: session.Token }
}

const cityMail = async (to: string) => (await lastMail(t, to)).subject

describe('city-open email', () => {
  it('tells waiting clients of a new city, ignoring case and spaces, and nobody else', async () => {
    await clientIn('wait@example.com', 'san  ANTONIO', true)
    await clientIn('busy@example.com', 'San Antonio', false)
    await clientIn('far@example.com', 'Reno', true)
    expect((await create({ name: 'San Antonio', state: 'TX', permitFee: 1 })).statusCode).toBe(201)
    const mail = await lastMail(t, 'wait@example.com')
    expect(mail.subject).toBe('We now build in San Antonio, TX')
    expect(mail.text).toContain('we now build in San Antonio, TX')
    expect(await cityMail('busy@example.com')).not.toMatch(/We now build/)
    expect(await cityMail('far@example.com')).not.toMatch(/We now build/)
  })

  it('tells them when an edit moves a city to theirs, not when only the fee changes', async () => {
    await clientIn('wait@example.com', 'Waco', true)
    const city = (await create({ name: 'Wako', state: 'TX', permitFee: 1 })).json().Data
    expect(await cityMail('wait@example.com')).not.toMatch(/We now build/)
    expect((await edit(city.id, { name: 'Waco' })).statusCode).toBe(200)
    expect(await cityMail('wait@example.com')).toBe('We now build in Waco, TX')
    await fs.rm(t.outbox, { recursive: true })
    await fs.mkdir(t.outbox)
    expect((await edit(city.id, { permitFee: 2 })).statusCode).toBe(200)
    await expect(lastMail(t, 'wait@example.com')).rejects.toThrow('no mail')
  })

  it('sends nothing for a write that was refused', async () => {
    await clientIn('wait@example.com', 'Austin', true)
    await create({ name: 'Austin', state: 'TX', permitFee: 1 })
    const other = (await create({ name: 'Dallas', state: 'TX', permitFee: 1 })).json().Data
    // The mails of the writes so far (Austin opened) have landed before the slate is wiped.
    await t.app.mailer.flush()
    await fs.rm(t.outbox, { recursive: true })
    await fs.mkdir(t.outbox)
    expectProblem(await edit(other.id, { name: 'AUSTIN' }), 409, 'CONFLICT')
    await expect(lastMail(t, 'wait@example.com')).rejects.toThrow('no mail')
  })
})

describe('waiting list', () => {
  const waiting = async () =>
    (await callRaw(t, 'adminFetch', {}, admin))
      .json()
      .Data.UsersOnWaiting.map((c: { email: string }) => c.email)
      .sort()

  it('drops the clients of a city that opens, by a create or an edit, and keeps the rest', async () => {
    await clientIn('austin@example.com', ' austin', true)
    await clientIn('waco@example.com', 'Waco', true)
    await clientIn('reno@example.com', 'Reno', true)
    expect((await create({ name: 'Austin', state: 'TX', permitFee: 1 })).statusCode).toBe(201)
    expect(await waiting()).toEqual(['reno@example.com', 'waco@example.com'])
    const city = (await create({ name: 'Wako', state: 'TX', permitFee: 1 })).json().Data
    expect((await edit(city.id, { name: 'Waco' })).statusCode).toBe(200)
    expect(await waiting()).toEqual(['reno@example.com'])
    // The city-open email went out before the list forgot them.
    expect(await cityMail('waco@example.com')).toBe('We now build in Waco, TX')
  })

  it('takes back the clients of a city that is deleted or renamed: waiting, on both sides', async () => {
    await clientIn('ann@example.com', 'Tampa', true)
    await clientIn('bo@example.com', 'tampa ', false)
    await clientIn('cy@example.com', 'Waco', false)
    const tampa = (await create({ name: 'Tampa', state: 'TX', permitFee: 1 })).json().Data
    expect(await cityMail('ann@example.com')).toBe('We now build in Tampa, TX')
    expect(await waiting()).toEqual([])
    expect((await remove(tampa.id)).statusCode).toBe(200)
    expect(await waiting()).toEqual(['ann@example.com', 'bo@example.com'])
    const ann = (await signIn(t, 'ann@example.com')).session
    expect(ann.Flag).toBe(false)
    expect(ann.userData).toMatchObject({ city: 'Tampa', onWaiting: true })
    const waco = (await create({ name: 'Waco', state: 'TX', permitFee: 1 })).json().Data
    expect((await edit(waco.id, { name: 'Wako' })).statusCode).toBe(200)
    expect(await waiting()).toEqual(['ann@example.com', 'bo@example.com', 'cy@example.com'])
  })
})

describe('PUT /api/admin/cities/edit/{id}', () => {
  it('changes the city, moves Flag at once, and records before and after', async () => {
    const client = await clientIn('c@example.com', 'Austin', false)
    const city = (await create({ name: 'Austin', state: 'TX', permitFee: 1 })).json().Data
    const builder = () => json(t.app, 'PUT', '/test-builder', {}, bearer(client.token))
    expect((await builder()).statusCode).toBe(200)
    const res = await edit(city.id, { name: 'Dallas', permitFee: 7 })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().Data).toEqual({
      id: city.id,
      name: 'Dallas',
      state: 'TX',
      permitFee: 7,
      timeZone: 'America/Chicago',
    })
    // Not a few seconds later, when the identity cache expires: now.
    expectProblem(await builder(), 403, 'FORBIDDEN')
    expect((await signIn(t, 'c@example.com')).session.Flag).toBe(false)
    const [entry] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'edit'))
    expect(entry).toMatchObject({ entity: 'city', entityId: city.id })
    expect(entry?.before).toEqual({
      id: city.id,
      name: 'Austin',
      state: 'TX',
      permitFee: 1,
      timeZone: 'America/Chicago',
    })
    expect(entry?.after).toEqual({
      id: city.id,
      name: 'Dallas',
      state: 'TX',
      permitFee: 7,
      timeZone: 'America/Chicago',
    })
  })

  it('answers 409 to a city already served, names bad fields, and changes nothing', async () => {
    await create({ name: 'Austin', state: 'TX', permitFee: 1 })
    const city = (await create({ name: 'Dallas', state: 'TX', permitFee: 1 })).json().Data
    const before = await snapshot(t)
    expectProblem(await edit(city.id, { name: ' austin' }), 409, 'CONFLICT')
    const problem = expectProblem(await edit(city.id, { state: 'T', permitFee: 1.5 }), 400)
    expect(Object.keys(problem.errors ?? {}).sort()).toEqual(['permitFee', 'state'])
    expectProblem(await edit(city.id, {}), 400, 'VALIDATION_FAILED')
    expect(await snapshot(t)).toBe(before)
  })
})

describe('DELETE /api/admin/cities/{id}', () => {
  it('stops serving the city: its clients lose Flag and keep their account', async () => {
    await clientIn('c@example.com', 'Austin', false)
    const city = (await create({ name: 'Austin', state: 'TX', permitFee: 1 })).json().Data
    const res = await remove(city.id)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ Data: city.id })
    expect(await t.app.db.select().from(cities)).toEqual([])
    expect((await signIn(t, 'c@example.com')).session.Flag).toBe(false)
    const [entry] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'delete'))
    expect(entry).toMatchObject({ entity: 'city', entityId: city.id, after: null })
    expect(entry?.before).toMatchObject({ name: 'Austin' })
    expectProblem(await remove(city.id), 404, 'NOT_FOUND')
  })
})
