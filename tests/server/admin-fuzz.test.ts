import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { StagesData } from '../../contract'
import { DEFAULT_PRICING } from '../../contract/estimator'
import { builderRequests, managerRequests } from '../../server/db/schema'
import type { TestApp } from '../support/build'
import { buildAsAdmin, expectSafeAnswer, json, signIn, snapshot } from '../support/http'
import { expectTextAnswer, oddText, STORAGE_BREAKERS } from '../support/odd-text'
import { junkWith } from '../support/junk'

let t: TestApp
let admin: Record<string, string>
/** A real id per path, so bodies are checked against rows that exist. */
const ids = new Map<string, string>()

async function created(path: string, body: unknown): Promise<string> {
  const res = await json(t.app, 'POST', `/api/admin/${path}/create`, body, admin)
  expect(res.statusCode, res.body).toBe(201)
  return (res.json() as { Data: { id: string } }).Data.id
}

beforeAll(async () => {
  ;({ t, admin } = await buildAsAdmin())
  const client = (await signIn(t, 'c@example.com', { asNewClient: true })).session.userData.id
  const person = { name: 'S', company: 'C', email: 's@c.co', phone: '5125550100', fee: 1 }
  const manager = await created('managers', { ...person, bio: '', yearsExperience: 1 })
  const [stage] = StagesData.parse((await json(t.app, 'GET', '/api')).json().Data)
  const [br] = await t.app.db.insert(builderRequests).values({ clientId: client }).returning()
  const [mr] = await t.app.db
    .insert(managerRequests)
    .values({ clientId: client, managerId: manager, managerName: 'S' })
    .returning()
  const found = {
    client,
    admin: await created('admin', { name: 'Bo', email: 'bo@x.co' }),
    cities: await created('cities', { name: 'A', state: 'TX', permitFee: 1 }),
    engineers: await created('engineers', { ...person, licenseNo: 'L' }),
    managers: manager,
    tips: stage?.designTip.id,
    stages: stage?.id,
    'builder-requests': br?.id,
    'manager-requests': mr?.id,
    schedule: 'steel',
  }
  for (const [path, id] of Object.entries(found)) if (id) ids.set(path, id)
})
afterAll(() => t.app.close())

const junk = junkWith(
  ['', ' ', 'a@b.co', 'A@B.CO', 'TX', 'tx', 'open', 'closed', 'x'.repeat(300)],
  ['flat', 'items', "'; drop table users; --", '__proto__', -1, 1e12, 0.5],
)

const OPTION = { key: 'a', label: 'A', multiplier: 1 }
const ITEM = { key: 'a', label: 'A', price: 100 }

/** Values the contract accepts, some of them taken already, to reach the 409s as well. */
const VALID: Record<string, fc.Arbitrary<unknown>> = {
  name: fc.constantFrom('Ann', ' Bo ', 'A', 'x'.repeat(80)),
  email: fc.constantFrom('new@x.co', 'NEW@X.CO', 'admin@example.com', 'C@Example.com', 'bo@x.co'),
  phone: fc.constantFrom('5125550100', '+1 (512) 555-0100'),
  address: fc.constant('1 Main St'),
  city: fc.constantFrom('Austin', ' a ', 'Reno'),
  state: fc.constantFrom('TX', 'tx', 'NV'),
  permitFee: fc.nat(100_000_000),
  fee: fc.nat(100_000_000),
  onWaiting: fc.boolean(),
  perk: fc.constantFrom(null, '', 'Free tile'),
  company: fc.string({ minLength: 1, maxLength: 40 }),
  licenseNo: fc.string({ minLength: 1, maxLength: 40 }),
  bio: fc.string({ maxLength: 40 }),
  text: fc.string({ minLength: 1, maxLength: 40 }),
  yearsExperience: fc.integer({ min: 0, max: 80 }),
  status: fc.constantFrom('open', 'contacted', 'closed'),
  base: fc.nat(100_000_000),
  unitPrice: fc.nat(100_000_000),
  unit: fc.constantFrom('flat', 'items', 'dig_yd3'),
  options: fc.constantFrom([], [OPTION], [OPTION, OPTION], [{ ...OPTION, multiplier: 0 }]),
  items: fc.constantFrom([], [ITEM], [ITEM, ITEM], [{ ...ITEM, key: 'A B' }]),
  durationDays: fc.integer({ min: -1, max: 121 }),
  waitDays: fc.integer({ min: -1, max: 61 }),
}

const field = (key: string) =>
  fc.oneof({ weight: 5, arbitrary: VALID[key] ?? junk }, { weight: 1, arbitrary: junk })

/** Bodies near the real one: mostly good values, some junk, a key or two missing or extra. */
const nearBody = (keys: string[]): fc.Arbitrary<Record<string, unknown>> =>
  fc
    .tuple(
      fc.record(Object.fromEntries(keys.map((k) => [k, field(k)]))),
      fc.oneof(
        { weight: 3, arbitrary: fc.constant<string[]>([]) },
        { weight: 1, arbitrary: fc.subarray(keys) },
      ),
      fc.option(fc.record({ extra: junk, constructor: junk }, { requiredKeys: [] }), { freq: 4 }),
    )
    .map(([body, dropped, extra]) => {
      const near: Record<string, unknown> = { ...extra }
      for (const [key, value] of Object.entries(body)) if (!dropped.includes(key)) near[key] = value
      return near
    })

const PRICING = fc.oneof(
  fc.constantFrom(...Object.values(DEFAULT_PRICING)),
  nearBody(['base', 'unit', 'unitPrice', 'options', 'items']),
)
const PERSON = ['name', 'company', 'email', 'phone', 'fee']
const CLIENT = ['name', 'email', 'phone', 'address', 'city', 'state', 'onWaiting', 'perk']

const ROUTES: { method: 'POST' | 'PUT' | 'DELETE'; path: string; body: fc.Arbitrary<unknown> }[] = [
  { method: 'PUT', path: 'client/edit/:client', body: nearBody(CLIENT) },
  { method: 'POST', path: 'admin/create', body: nearBody(['name', 'email']) },
  { method: 'PUT', path: 'admin/edit/:admin', body: nearBody(['name', 'email']) },
  { method: 'POST', path: 'cities/create', body: nearBody(['name', 'state', 'permitFee']) },
  { method: 'PUT', path: 'cities/edit/:cities', body: nearBody(['name', 'state', 'permitFee']) },
  { method: 'POST', path: 'engineers/create', body: nearBody([...PERSON, 'licenseNo']) },
  { method: 'PUT', path: 'engineers/edit/:engineers', body: nearBody([...PERSON, 'licenseNo']) },
  {
    method: 'POST',
    path: 'managers/create',
    body: nearBody([...PERSON, 'bio', 'yearsExperience']),
  },
  {
    method: 'PUT',
    path: 'managers/edit/:managers',
    body: nearBody([...PERSON, 'bio', 'yearsExperience']),
  },
  { method: 'PUT', path: 'tips/edit/:tips', body: nearBody(['text']) },
  {
    method: 'PUT',
    path: 'stages/edit/:stages',
    body: fc.record({ pricing: fc.oneof({ weight: 4, arbitrary: PRICING }, junk) }),
  },
  { method: 'PUT', path: 'builder-requests/:builder-requests', body: nearBody(['status']) },
  { method: 'PUT', path: 'manager-requests/:manager-requests', body: nearBody(['status']) },
  { method: 'PUT', path: 'schedule/edit/:schedule', body: nearBody(['durationDays', 'waitDays']) },
  // Deletes last: once one succeeds, its row is gone and the others see a 404.
  { method: 'DELETE', path: 'cities/:cities', body: fc.oneof(junk, nearBody(['id'])) },
  { method: 'DELETE', path: 'engineers/:engineers', body: fc.oneof(junk, nearBody(['id'])) },
  { method: 'DELETE', path: 'managers/:managers', body: fc.oneof(junk, nearBody(['id'])) },
  { method: 'DELETE', path: 'admin/:admin', body: fc.oneof(junk, nearBody(['id'])) },
  { method: 'DELETE', path: 'client/:client', body: fc.oneof(junk, nearBody(['id'])) },
]

/** The real id most of the time; otherwise an unknown one, junk, or an address that cannot be read. */
const idFor = (name: string) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant(ids.get(name) ?? name) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.string({ minLength: 1 }).map(encodeURIComponent) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%E0%A4%A', '%ED%A0%80', '%00', 'f'.repeat(101)) },
  )

describe.each(ROUTES)('fuzzing $method /api/admin/$path', (route) => {
  it('never answers 5xx, and a rejected request changes nothing', async () => {
    const [, name] = /:([\w-]+)$/.exec(route.path) ?? []
    const payload = fc.oneof(
      { weight: 4, arbitrary: route.body.map((b) => JSON.stringify(b)) },
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.string(),
    )
    await fc.assert(
      fc.asyncProperty(payload, name ? idFor(name) : fc.constant(''), async (body, id) => {
        const url = `/api/admin/${route.path.replace(/:[\w-]+$/, id)}`
        const before = await snapshot(t)
        const res = await t.app.inject({
          method: route.method,
          url,
          headers: { 'content-type': 'application/json', ...admin },
          payload: body,
        })
        await expectSafeAnswer(t, res, before)
      }),
      { numRuns: 60 },
    )
  })
})

const PRICED = {
  base: 100,
  unit: 'flat',
  unitPrice: 0,
  options: [{ key: 'a', label: 'A', multiplier: 1 }],
  items: [{ key: 'b', label: 'B', price: 1 }],
}
const priced = (list: 'options' | 'items', field: 'key' | 'label') => (text: string) => ({
  pricing: { ...PRICED, [list]: [{ ...PRICED[list][0], [field]: text }] },
})

/** A body right but for one field: the body for each text field of a route, by its dotted path. */
const withText = (base: Record<string, unknown>, fields: string[]) =>
  Object.fromEntries(fields.map((f) => [f, (text: string) => ({ ...base, [f]: text })]))

const CLIENT_TEXT = ['name', 'email', 'address', 'city', 'perk']
const ENGINEER = { name: 'E', company: 'C', email: 'e@c.co', phone: '5125550100', fee: 1 }
const MANAGER = { ...ENGINEER, bio: '', yearsExperience: 1 }
const ENGINEER_TEXT = ['name', 'company', 'email', 'licenseNo']
const MANAGER_TEXT = ['name', 'company', 'email', 'bio']

const TEXT_ROUTES: {
  method: 'POST' | 'PUT'
  path: string
  fields: Record<string, (text: string) => Record<string, unknown>>
}[] = [
  { method: 'PUT', path: 'client/edit/:client', fields: withText({}, CLIENT_TEXT) },
  {
    method: 'POST',
    path: 'admin/create',
    fields: withText({ name: 'Cy', email: 'cy@x.co' }, ['name', 'email']),
  },
  { method: 'PUT', path: 'admin/edit/:admin', fields: withText({}, ['name', 'email']) },
  {
    method: 'POST',
    path: 'cities/create',
    fields: withText({ name: 'B', state: 'NV', permitFee: 1 }, ['name']),
  },
  { method: 'PUT', path: 'cities/edit/:cities', fields: withText({}, ['name']) },
  {
    method: 'POST',
    path: 'engineers/create',
    fields: withText({ ...ENGINEER, licenseNo: 'L' }, ENGINEER_TEXT),
  },
  { method: 'PUT', path: 'engineers/edit/:engineers', fields: withText({}, ENGINEER_TEXT) },
  { method: 'POST', path: 'managers/create', fields: withText(MANAGER, MANAGER_TEXT) },
  { method: 'PUT', path: 'managers/edit/:managers', fields: withText({}, MANAGER_TEXT) },
  { method: 'PUT', path: 'tips/edit/:tips', fields: withText({}, ['text']) },
  {
    method: 'PUT',
    path: 'stages/edit/:stages',
    fields: {
      'pricing.options.0.label': priced('options', 'label'),
      'pricing.options.0.key': priced('options', 'key'),
      'pricing.items.0.label': priced('items', 'label'),
      'pricing.items.0.key': priced('items', 'key'),
    },
  },
]

/** The message of a refused text where the field says more than that it is invalid. */
const refusal = (field: string) =>
  field.endsWith('email')
    ? null
    : field.endsWith('key')
      ? 'Use 1–40 lowercase letters, digits or dashes'
      : undefined

describe.each(TEXT_ROUTES)('any text in the fields of $method /api/admin/$path', (route) => {
  it('is kept or refused by name, never a 5xx, and a refusal changes nothing', async () => {
    const [, name] = /:([\w-]+)$/.exec(route.path) ?? []
    const url = `/api/admin/${route.path.replace(/:[\w-]+$/, (name && ids.get(name)) ?? '')}`
    const fields = Object.keys(route.fields)
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...fields), oddText, async (field, text) => {
        const before = await snapshot(t)
        const res = await json(t.app, route.method, url, route.fields[field]?.(text), admin)
        expectTextAnswer(res, field, text, refusal(field))
        if (res.statusCode >= 400) expect(await snapshot(t)).toBe(before)
      }),
      {
        numRuns: 30,
        examples: fields.flatMap((field) => STORAGE_BREAKERS.map(([text]) => [field, text])),
      },
    )
  })
})
