import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_PRICING } from '../../contract/estimator'
import type { TestApp } from '../support/build'
import { bearer, buildAsAdmin, expectProblem, json, signIn, snapshot } from '../support/http'

type Call = { method: 'POST' | 'PUT' | 'DELETE'; path: string; body?: unknown }

const person = { name: 'Sam Pro', company: 'Pro Co', email: 'sam@pro.example', phone: '5125550100' }

/** Every admin write of PRODUCT.md §4, with a body the contract accepts; `:id` is filled in. */
const CALLS: Call[] = [
  { method: 'DELETE', path: '/api/admin/client/:id' },
  { method: 'PUT', path: '/api/admin/client/edit/:id', body: { name: 'Renamed' } },
  { method: 'POST', path: '/api/admin/admin/create', body: { name: 'Ann', email: 'ann@x.co' } },
  { method: 'DELETE', path: '/api/admin/admin/:id' },
  { method: 'PUT', path: '/api/admin/admin/edit/:id', body: { name: 'Renamed' } },
  {
    method: 'POST',
    path: '/api/admin/cities/create',
    body: { name: 'Austin', state: 'TX', permitFee: 1 },
  },
  { method: 'DELETE', path: '/api/admin/cities/:id' },
  { method: 'PUT', path: '/api/admin/cities/edit/:id', body: { permitFee: 2 } },
  {
    method: 'POST',
    path: '/api/admin/engineers/create',
    body: { ...person, licenseNo: 'PE-1', fee: 100 },
  },
  { method: 'DELETE', path: '/api/admin/engineers/:id' },
  { method: 'PUT', path: '/api/admin/engineers/edit/:id', body: { fee: 200 } },
  {
    method: 'POST',
    path: '/api/admin/managers/create',
    body: { ...person, bio: 'Builds pools', yearsExperience: 9, fee: 100 },
  },
  { method: 'DELETE', path: '/api/admin/managers/:id' },
  { method: 'PUT', path: '/api/admin/managers/edit/:id', body: { fee: 200 } },
  { method: 'PUT', path: '/api/admin/tips/edit/:id', body: { text: 'Dig deep.' } },
  {
    method: 'PUT',
    path: '/api/admin/stages/edit/:id',
    body: { pricing: DEFAULT_PRICING.excavation },
  },
  { method: 'PUT', path: '/api/admin/builder-requests/:id', body: { status: 'closed' } },
  { method: 'PUT', path: '/api/admin/manager-requests/:id', body: { status: 'closed' } },
  { method: 'PUT', path: '/api/admin/schedule/edit/steel', body: { durationDays: 4, waitDays: 0 } },
  { method: 'PUT', path: '/api/admin/scope/edit/steel', body: { items: [] } },
]
const BY_ID = CALLS.filter((c) => c.path.includes(':id'))

let t: TestApp
let admin: Record<string, string>
let client: Record<string, string>
beforeAll(async () => {
  ;({ t, admin } = await buildAsAdmin())
  client = bearer((await signIn(t, 'c@example.com', { asNewClient: true })).session.Token)
})
afterAll(() => t.app.close())

const call = (c: Call, id: string, headers: Record<string, string>) =>
  json(t.app, c.method, c.path.replace(':id', id), c.body, headers)

describe.each(CALLS)('$method $path', (c) => {
  it('answers 401 anonymous and 403 to a client, and changes nothing', async () => {
    const before = await snapshot(t)
    const id = crypto.randomUUID()
    expectProblem(await call(c, id, {}), 401, 'UNAUTHENTICATED')
    expectProblem(await call(c, id, client), 403, 'FORBIDDEN')
    expect(await snapshot(t)).toBe(before)
  })
})

describe.each(BY_ID)('$method $path', (c) => {
  it('answers 404 to an unknown id, a malformed one too, changing nothing', async () => {
    const before = await snapshot(t)
    expectProblem(await call(c, crypto.randomUUID(), admin), 404, 'NOT_FOUND')
    const malformed = expectProblem(await call(c, 'not-an-id', admin), 404, 'NOT_FOUND')
    expect(Object.keys(malformed.errors ?? {})).toEqual(['id'])
    expect(await snapshot(t)).toBe(before)
  })
})
