import { describe, expect, it } from 'vitest'
import type { Api } from '../../../src/adapters/api'
import type { AdminWrites } from '../../../src/adapters/api-admin-writes'
import { apiWith, BASE, failure } from './api-test-kit'
import { problem } from './fake-fetch'

const id = '4a0c2f3e-2b1d-4c5e-9f6a-7b8c9d0e1f2a'
const quote = { vendor: 'Blue Co', amount: 120_000 }
const city = { name: 'Austin', state: 'TX', permitFee: 25_000 }
const person = { name: 'Ana', email: 'ana@example.com' }

type Route = [
  name: string,
  call: (api: Api & AdminWrites) => Promise<unknown>,
  method: string,
  path: string,
  body: unknown,
]

/** Every call of PRODUCT.md §4: its method, path and body. */
const routes: Route[] = [
  ['stages', (a) => a.stages(), 'GET', '', null],
  [
    'validate',
    (a) => a.validate({ city: 'Austin', state: 'TX' }),
    'POST',
    '/validate',
    { city: 'Austin', state: 'TX' },
  ],
  [
    'login',
    (a) => a.login({ email: 'ana@example.com' }),
    'POST',
    '/login',
    { email: 'ana@example.com' },
  ],
  [
    'verify',
    (a) => a.verify({ code: '123456', rememberMe: true }, 't'),
    'POST',
    '/verify',
    { code: '123456', rememberMe: true },
  ],
  [
    'onboarding',
    (a) =>
      a.onboarding({ code: '1', name: 'A', phone: '1', address: 'B', city: 'C', state: 'TX' }, 't'),
    'POST',
    '/onboarding',
    { code: '1', name: 'A', phone: '1', address: 'B', city: 'C', state: 'TX' },
  ],
  ['refresh', (a) => a.refresh(), 'POST', '/refresh', null],
  ['logout', (a) => a.logout(), 'POST', '/logout', null],
  [
    'editStatus',
    (a) => a.editStatus({ onWaiting: true }),
    'PUT',
    '/edit-status',
    { onWaiting: true },
  ],
  [
    'editPool',
    (a) => a.editPool({ StageId: id, choices: {} }),
    'PUT',
    '/edit-pool',
    { StageId: id, choices: {} },
  ],
  [
    'markDone',
    (a) => a.markDone({ StageId: id, done: true }),
    'PUT',
    '/mark-done',
    { StageId: id, done: true },
  ],
  [
    'markDone1',
    (a) => a.markDone1({ Title: 'Permits', done: true }),
    'PUT',
    '/mark-done1',
    { Title: 'Permits', done: true },
  ],
  [
    'addQuote',
    (a) => a.addQuote({ StageId: id, ...quote }),
    'PUT',
    '/add-quote',
    { StageId: id, ...quote },
  ],
  [
    'addQuote1',
    (a) => a.addQuote1({ Title: 'Permits', ...quote }),
    'PUT',
    '/add-quote1',
    { Title: 'Permits', ...quote },
  ],
  [
    'acceptQuote',
    (a) => a.acceptQuote({ StageId: id, quoteId: id }),
    'PUT',
    '/accept-quote',
    { StageId: id, quoteId: id },
  ],
  [
    'removeQuote',
    (a) => a.removeQuote({ Title: 'Permits', quoteId: id }),
    'PUT',
    '/remove-quote',
    { Title: 'Permits', quoteId: id },
  ],
  ['requestBuilder', (a) => a.requestBuilder(), 'PUT', '/request-builder', null],
  [
    'requestManager',
    (a) => a.requestManager({ managerId: id }),
    'POST',
    '/request-manager',
    { managerId: id },
  ],
  ['fetchAdmin', (a) => a.fetchAdmin(), 'GET', '/admin/fetch', null],
  [
    'editClient',
    (a) => a.editClient(id, { perk: 'VIP' }),
    'PUT',
    `/admin/client/edit/${id}`,
    { perk: 'VIP' },
  ],
  ['deleteClient', (a) => a.deleteClient(id), 'DELETE', `/admin/client/${id}`, null],
  ['createAdmin', (a) => a.createAdmin(person), 'POST', '/admin/admin/create', person],
  [
    'editAdmin',
    (a) => a.editAdmin(id, { name: 'B' }),
    'PUT',
    `/admin/admin/edit/${id}`,
    { name: 'B' },
  ],
  ['deleteAdmin', (a) => a.deleteAdmin(id), 'DELETE', `/admin/admin/${id}`, null],
  ['createCity', (a) => a.createCity(city), 'POST', '/admin/cities/create', city],
  [
    'editCity',
    (a) => a.editCity(id, { permitFee: 1 }),
    'PUT',
    `/admin/cities/edit/${id}`,
    { permitFee: 1 },
  ],
  ['deleteCity', (a) => a.deleteCity(id), 'DELETE', `/admin/cities/${id}`, null],
  [
    'createEngineer',
    (a) => a.createEngineer({ ...person, company: 'C', phone: '1', licenseNo: 'L', fee: 1 }),
    'POST',
    '/admin/engineers/create',
    { ...person, company: 'C', phone: '1', licenseNo: 'L', fee: 1 },
  ],
  [
    'editEngineer',
    (a) => a.editEngineer(id, { fee: 2 }),
    'PUT',
    `/admin/engineers/edit/${id}`,
    { fee: 2 },
  ],
  ['deleteEngineer', (a) => a.deleteEngineer(id), 'DELETE', `/admin/engineers/${id}`, null],
  [
    'createManager',
    (a) =>
      a.createManager({ ...person, company: 'C', phone: '1', bio: '', yearsExperience: 3, fee: 1 }),
    'POST',
    '/admin/managers/create',
    { ...person, company: 'C', phone: '1', bio: '', yearsExperience: 3, fee: 1 },
  ],
  [
    'editManager',
    (a) => a.editManager(id, { bio: 'B' }),
    'PUT',
    `/admin/managers/edit/${id}`,
    { bio: 'B' },
  ],
  ['deleteManager', (a) => a.deleteManager(id), 'DELETE', `/admin/managers/${id}`, null],
  ['editTip', (a) => a.editTip(id, { text: 'T' }), 'PUT', `/admin/tips/edit/${id}`, { text: 'T' }],
  [
    'editStage',
    (a) => a.editStage(id, { pricing: { base: 1, unit: 'items', unitPrice: 0 } }),
    'PUT',
    `/admin/stages/edit/${id}`,
    { pricing: { base: 1, unit: 'items', unitPrice: 0 } },
  ],
  [
    'editBuilderRequest',
    (a) => a.editBuilderRequest(id, { status: 'closed' }),
    'PUT',
    `/admin/builder-requests/${id}`,
    { status: 'closed' },
  ],
  [
    'editManagerRequest',
    (a) => a.editManagerRequest(id, { status: 'contacted' }),
    'PUT',
    `/admin/manager-requests/${id}`,
    { status: 'contacted' },
  ],
  // The admin actor's one write port; every kind it routes is in api-admin.test.ts.
  [
    'adminCall',
    (a) => a.adminCall({ kind: 'cities.delete', id }),
    'DELETE',
    `/admin/cities/${id}`,
    null,
  ],
]

describe('the API port', () => {
  it('has a function for every call, and only those', () => {
    const { api } = apiWith([problem(404, 'NOT_FOUND')])
    expect(Object.keys(api).sort()).toEqual(routes.map(([name]) => name).sort())
  })

  it.each(routes)('%s sends %s %s', async (_name, call, method, path, body) => {
    const { api, requests, bodies } = apiWith([problem(404, 'NOT_FOUND')])
    expect(await failure(call(api))).toMatchObject({ status: 404, code: 'NOT_FOUND' })
    expect(requests.map((r) => [r.method, r.url])).toEqual([[method, `${BASE}${path}`]])
    expect(bodies).toEqual([body])
  })
})
