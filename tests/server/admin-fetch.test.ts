import zlib from 'node:zlib'
import { asc, eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import { AdminFetchData, type AdminClient } from '../../contract'
import {
  builderRequestRows,
  managerRequestRows,
} from '../../server/plugins/app/directory/request-rows'
import { builderRequests, clients, users } from '../../server/db/schema'
import { appPerTest } from '../support/build'
import { bearer, adminPerTest, expectProblem, signIn } from '../support/http'
import { callRaw, type RawInput } from '../support/call'
import type { CallName } from '../../contract/routes'
import { addEngineer, addManager, newClient, serveAustin } from './client-kit'
import { acceptQuote, addQuote, drawId, keyOf, pay, removeQuote, signed } from './money-kit'
import { png, storedOf, upload } from './files-kit'
import { REFERENCE_POOL } from '../../contract/estimator'

const t = appPerTest()
const admin = adminPerTest(t)

const fetchAll = (headers: Record<string, string> = admin.headers) =>
  callRaw(t, 'adminFetch', {}, headers)

describe('GET /api/admin/fetch', () => {
  it('answers the 11 lists, clients with Flag, perk, waiting status and progress', async () => {
    const waiting = await signIn(t, 'wait@example.com', {
      asNewClient: true,
      details: { city: 'Reno', state: 'NV' },
    })
    const served = await signIn(t, 'served@example.com', { asNewClient: true })
    await callRaw(
      t,
      'createCity',
      { body: { name: 'Austin', state: 'TX', permitFee: 100 } },
      admin.headers,
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

  it("writes each client as the contract's AdminClient, byte for byte what JSON.stringify writes", async () => {
    const { headers } = await servedClient()
    await callRaw(t, 'markDone1', { body: { Title: 'Pool Design', done: true } }, headers)
    const { id: managerId } = await addManager(t)
    await callRaw(t, 'requestBuilder', { body: {} }, headers)
    const message = 'Call me "after" 5 \\ é 🏊'
    const asked = await callRaw(t, 'requestManager', { body: { managerId, message } }, headers)
    expect(asked.statusCode, asked.body).toBeLessThan(300)
    await signed(t, headers, 'excavation', 800_000)
    await pay(t, headers, await drawId(t, headers, 'excavation', 0), 50_000)
    const waiting = await signIn(t, 'wait@example.com', {
      asNewClient: true,
      details: { city: 'Reno', state: 'NV' },
    })
    const oddPerk = 'Free "start-up"\n\\ \u0001 é 🏊'
    await t.app.db
      .update(clients)
      .set({ onWaiting: true, perk: oddPerk })
      .where(eq(clients.userId, waiting.session.userData.id))

    const res = await fetchAll()
    expect(res.body).toBe(JSON.stringify(res.json()))
    const { Data } = res.json() as { Data: AdminFetchData }
    // Nothing missing, nothing more: the contract's parse strips unknown keys.
    expect(AdminFetchData.parse(Data)).toEqual(Data)
    const rows = await t.app.db
      .select({ user: users, client: clients })
      .from(clients)
      .innerJoin(users, eq(users.id, clients.userId))
      .orderBy(asc(users.createdAt))
    const progress = new Map([
      [
        'client@example.com',
        { Flag: true, stepsDone: 1, committed: 800_000, paid: 50_000, storageUsed: 0 },
      ],
      ['wait@example.com', { Flag: false, stepsDone: 0, committed: 0, paid: 0, storageUsed: 0 }],
    ])
    const progressOf = (email: string) => {
      const known = progress.get(email)
      if (!known) throw new Error(`no progress for ${email}`)
      return known
    }
    const expected: AdminClient[] = rows.map(({ user, client }) => ({
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      createdAt: user.createdAt.toISOString(),
      phone: client.phone,
      address: client.address,
      city: client.city,
      state: client.state,
      onWaiting: client.onWaiting,
      perk: client.perk,
      ...progressOf(user.email),
    }))
    expect(Data.Clients).toEqual(expected)
    expect(Data.Clients.map((c) => Object.keys(c))).toEqual(expected.map((c) => Object.keys(c)))
    expect(Data.UsersWithPerks).toEqual([expected[1]])
    expect(Data.UsersOnWaiting).toEqual([expected[1]])
    // The request lists, written by SQL too, are the rows the other calls answer.
    expect(Data.BuilderRequests).toEqual(await builderRequestRows(t.app.db))
    expect(Data.ManagerRequests).toEqual(await managerRequestRows(t.app.db))
    expect(Data.ManagerRequests.map((r) => [r.message, r.managerName])).toEqual([
      [message, 'Max Manager'],
    ])
  })

  it('sends an ETag and answers 304 until something changes', async () => {
    const first = await fetchAll()
    const etag = String(first.headers.etag)
    expect(etag).toMatch(/^W\//)
    const same = await fetchAll({ ...admin.headers, 'if-none-match': etag })
    expect(same.statusCode).toBe(304)
    await signIn(t, 'new@example.com', { asNewClient: true })
    const changed = await fetchAll({ ...admin.headers, 'if-none-match': etag })
    expect(changed.statusCode).toBe(200)
    expect(changed.headers.etag).not.toBe(etag)
  })

  it('gzips the answer for a browser that accepts it; the same data, and 304s stay bare', async () => {
    const plain = await fetchAll()
    const zipped = await fetchAll({ ...admin.headers, 'accept-encoding': 'gzip, deflate, br' })
    expect(zipped.statusCode).toBe(200)
    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(zipped.headers.vary).toMatch(/accept-encoding/i)
    expect(JSON.parse(zlib.gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json())
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length)
    const etag = String(zipped.headers.etag)
    const same = await fetchAll({
      ...admin.headers,
      'accept-encoding': 'gzip',
      'if-none-match': etag,
    })
    expect(same.statusCode).toBe(304)
    expect(same.rawPayload.length).toBe(0)
  })

  it('is for admins only', async () => {
    const client = await signIn(t, 'c@example.com', { asNewClient: true })
    expectProblem(await fetchAll({}), 401)
    expectProblem(await fetchAll(bearer(client.session.Token)), 403)
  })
})

type Act = () => Promise<LightMyRequestResponse>
/** Makes what the write needs (not counted), then answers the write itself. */
type Arrange = () => Promise<Act>

const admins =
  (name: CallName, input: RawInput): Act =>
  () =>
    callRaw(t, name, input, admin.headers)
const engineer = {
  name: 'Eve',
  company: 'Plans',
  email: 'e@example.com',
  phone: '+1 512 555 0101',
  licenseNo: 'PE-1',
  fee: 100,
}
const manager = {
  name: 'Max',
  company: 'Build',
  email: 'm@example.com',
  phone: '+1 512 555 0102',
  bio: 'Pools.',
  yearsExperience: 3,
  fee: 100,
}

/** A client in served Austin, with Flag. */
async function servedClient() {
  await serveAustin(t)
  return newClient(t, 'client@example.com')
}

async function someoneElse(): Promise<string> {
  const res = await callRaw(
    t,
    'createAdmin',
    { body: { name: 'Ann', email: 'ann@example.com' } },
    admin.headers,
  )
  return (res.json() as { Data: { id: string } }).Data.id
}

async function openRequests() {
  const client = await servedClient()
  const { id: managerId } = await addManager(t)
  await callRaw(t, 'requestBuilder', { body: {} }, client.headers)
  await callRaw(t, 'requestManager', { body: { managerId } }, client.headers)
  const { Data } = (await fetchAll()).json() as { Data: AdminFetchData }
  return { builder: Data.BuilderRequests[0]?.id ?? '', manager: Data.ManagerRequests[0]?.id ?? '' }
}

/** Each kind of write the back office sees, through its own call. */
const WRITES: Record<string, Arrange> = {
  'a sign-up': async () => async () =>
    (await signIn(t, 'new@example.com', { asNewClient: true })).res,
  'joining the waiting list': async () => {
    const { headers } = await newClient(t, 'c@example.com')
    return () => callRaw(t, 'editStatus', { body: { onWaiting: true } }, headers)
  },
  "a client's change of city": async () => {
    const { headers } = await newClient(t, 'c@example.com')
    return () => callRaw(t, 'changeCity', { body: { city: 'Reno', state: 'NV' } }, headers)
  },
  'a builder request': async () => {
    const { headers } = await servedClient()
    return () => callRaw(t, 'requestBuilder', { body: {} }, headers)
  },
  'a manager request': async () => {
    const { headers } = await servedClient()
    const { id: managerId } = await addManager(t)
    return () => callRaw(t, 'requestManager', { body: { managerId } }, headers)
  },
  'a step marked done': async () => {
    const { headers } = await servedClient()
    return () => callRaw(t, 'markDone1', { body: { Title: 'Pool Design', done: true } }, headers)
  },
  'a step marked not done': async () => {
    const { headers } = await servedClient()
    await callRaw(t, 'markDone1', { body: { Title: 'Pool Design', done: true } }, headers)
    return () => callRaw(t, 'markDone1', { body: { Title: 'Pool Design', done: false } }, headers)
  },
  'a quote accepted (committed)': async () => {
    const { headers } = await servedClient()
    const quoteId = await addQuote(t, headers, 'excavation', 800_000)
    return () => acceptQuote(t, headers, 'excavation', quoteId)
  },
  'an accepted quote removed': async () => {
    const { headers } = await servedClient()
    const quoteId = await signed(t, headers, 'excavation', 800_000)
    return () => removeQuote(t, headers, 'excavation', quoteId)
  },
  'a payment (paid)': async () => {
    const { headers } = await servedClient()
    await signed(t, headers, 'excavation', 800_000)
    const draw = await drawId(t, headers, 'excavation', 0)
    return () => pay(t, headers, draw, 50_000)
  },
  'a change order approved': async () => {
    const { headers } = await servedClient()
    await signed(t, headers, 'excavation', 800_000)
    const body = { step: 'excavation', description: 'More rock', amount: 50_000 }
    const res = await callRaw(t, 'addChangeOrder', { body }, headers)
    const { Data } = res.json() as { Data: { steps: { changeOrders: { id: string }[] }[] } }
    const id = Data.steps.flatMap((s) => s.changeOrders)[0]?.id ?? ''
    return () => callRaw(t, 'decideChangeOrder', { id, body: { status: 'approved' } }, headers)
  },
  'a file uploaded (storage used)': async () => {
    const { headers } = await servedClient()
    const bytes = await png()
    return () => upload(t, headers, { kind: 'photo' }, { name: 'a.png', bytes })
  },
  'a file deleted (storage used)': async () => {
    const { headers } = await servedClient()
    const { id } = storedOf(
      await upload(t, headers, { kind: 'photo' }, { name: 'a.png', bytes: await png() }),
    )
    return () => callRaw(t, 'deleteFile', { id }, headers)
  },
  "an admin's edit of a client": async () => {
    const { id } = await newClient(t, 'c@example.com')
    return admins('editClient', { id, body: { perk: 'Free start-up' } })
  },
  "an admin's delete of a client": async () => {
    const { id } = await newClient(t, 'c@example.com')
    return admins('deleteClient', { id })
  },
  'a new admin': async () =>
    admins('createAdmin', { body: { name: 'Ann', email: 'ann@example.com' } }),
  "an admin's edit": async () =>
    admins('editAdmin', { id: await someoneElse(), body: { name: 'Anna' } }),
  "an admin's delete": async () => admins('deleteAdmin', { id: await someoneElse() }),
  'a city served': async () =>
    admins('createCity', { body: { name: 'Waco', state: 'TX', permitFee: 1 } }),
  "a city's edit": async () => {
    await serveAustin(t)
    const { Data } = (await fetchAll()).json() as { Data: AdminFetchData }
    return admins('editCity', { id: Data.Cities[0]?.id, body: { permitFee: 2 } })
  },
  'a city no longer served': async () => {
    await serveAustin(t)
    const { Data } = (await fetchAll()).json() as { Data: AdminFetchData }
    return admins('deleteCity', { id: Data.Cities[0]?.id })
  },
  'a new engineer': async () => admins('createEngineer', { body: engineer }),
  "an engineer's edit": async () =>
    admins('editEngineer', { id: (await addEngineer(t)).id, body: { fee: 2 } }),
  "an engineer's delete": async () => admins('deleteEngineer', { id: (await addEngineer(t)).id }),
  'a new manager': async () => admins('createManager', { body: manager }),
  "a manager's edit": async () =>
    admins('editManager', { id: (await addManager(t)).id, body: { fee: 2 } }),
  "a manager's delete": async () => admins('deleteManager', { id: (await addManager(t)).id }),
  "a stage's pricing": async () => {
    const stage = (await t.app.stages.list()).stages[0]
    return admins('editStage', { id: stage?.id, body: { pricing: stage?.pricing } })
  },
  "a stage's design tip": async () => {
    const tip = (await t.app.stages.list()).stages[0]?.designTip
    return admins('editTip', { id: tip?.id, body: { text: 'Dig deeper.' } })
  },
  "a builder request's status": async () =>
    admins('editBuilderRequest', {
      id: (await openRequests()).builder,
      body: { status: 'contacted' },
    }),
  "a manager request's status": async () =>
    admins('editManagerRequest', {
      id: (await openRequests()).manager,
      body: { status: 'closed' },
    }),
  "a step's duration": async () =>
    admins('editSchedule', { step: 'excavation', body: { durationDays: 9, waitDays: 1 } }),
  "a step's scope": async () =>
    admins('editScope', { step: 'tile', body: { items: [{ text: 'Grout sealed', share: 5 }] } }),
}

/** Writes the back office does not show: a builder's choices, an open quote, a start date. */
const UNSEEN: Record<string, Arrange> = {
  "a builder's choices": async () => {
    const { headers } = await servedClient()
    return () =>
      callRaw(t, 'editPool', { body: { Title: 'Pool Design', choices: REFERENCE_POOL } }, headers)
  },
  'a quote added': async () => {
    const { headers } = await servedClient()
    const key = await keyOf(t, 'excavation')
    return () =>
      callRaw(t, 'addQuote', { body: { ...key, vendor: 'Dig Co', amount: 800_000 } }, headers)
  },
}

describe('the data version (the ETag)', () => {
  const etagNow = async () => String((await fetchAll()).headers.etag)

  for (const [name, arrange] of Object.entries(WRITES)) {
    it(`moves with ${name}`, async () => {
      const write = await arrange()
      const before = await etagNow()
      const res = await write()
      expect(res.statusCode, res.body).toBeLessThan(300)
      const after = await fetchAll({ ...admin.headers, 'if-none-match': before })
      expect(after.statusCode).toBe(200)
      expect(after.headers.etag).not.toBe(before)
    })
  }

  for (const [name, arrange] of Object.entries(UNSEEN)) {
    it(`stays with ${name}`, async () => {
      const write = await arrange()
      const before = await etagNow()
      const res = await write()
      expect(res.statusCode, res.body).toBeLessThan(300)
      expect((await fetchAll({ ...admin.headers, 'if-none-match': before })).statusCode).toBe(304)
    })
  }
})
