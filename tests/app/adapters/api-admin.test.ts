import { describe, expect, it } from 'vitest'
import type { AdminCall } from '../../../machines/admin/admin.types'
import { apiWith, BASE, failure } from './api-test-kit'
import { data, problem, raw } from './fake-fetch'
import { adminData, uuid } from './fixtures'

describe('fetchAdmin', () => {
  it('reads the data and its ETag, sending no If-None-Match the first time', async () => {
    const fetched = adminData()
    const { api, requests } = apiWith([data(fetched, 200, { etag: '"v1"' })])
    expect(await api.fetchAdmin()).toEqual({ status: 'ok', data: fetched, etag: '"v1"' })
    expect(requests[0]?.url).toBe(`${BASE}/admin/fetch`)
    expect(requests[0]?.method).toBe('GET')
    expect(requests[0]?.headers.get('if-none-match')).toBeNull()
  })

  it('sends the ETag it holds and reads a 304 as not modified', async () => {
    const { api, requests } = apiWith([raw(null, 304, { etag: '"v1"' })])
    expect(await api.fetchAdmin({ etag: '"v1"' })).toEqual({ status: 'notModified' })
    expect(requests[0]?.headers.get('if-none-match')).toBe('"v1"')
  })

  it('has a null ETag when the server sends none', async () => {
    const { api } = apiWith([data(adminData())])
    expect(await api.fetchAdmin({ etag: null })).toMatchObject({ status: 'ok', etag: null })
  })

  it('still fails on an error answer, and on data that does not fit', async () => {
    const { api } = apiWith([problem(403, 'FORBIDDEN'), data({ Admins: 'none' })])
    expect(await failure(api.fetchAdmin())).toMatchObject({ status: 403, code: 'FORBIDDEN' })
    expect(await failure(api.fetchAdmin())).toMatchObject({ code: 'BAD_RESPONSE' })
  })
})

describe('admin writes', () => {
  it('reads the deleted id of a delete', async () => {
    const id = uuid()
    const { api } = apiWith([data({ id })])
    await expect(api.deleteCity(id)).resolves.toEqual({ id })
  })

  it('reads the item of a create', async () => {
    const city = { id: uuid(), name: 'Austin', state: 'TX', permitFee: 25_000 }
    const { api, bodies } = apiWith([data(city, 201)])
    const input = { name: 'Austin', state: 'TX', permitFee: 25_000 }
    await expect(api.createCity(input)).resolves.toEqual(city)
    expect(bodies).toEqual([input])
  })

  it('puts the id into the path escaped', async () => {
    const { api, requests } = apiWith([problem(404, 'NOT_FOUND')])
    await failure(api.deleteManager('../fetch'))
    expect(requests[0]?.url).toBe(`${BASE}/admin/managers/..%2Ffetch`)
  })
})

describe('adminCall, the admin actor’s write port', () => {
  it('answers a create as the item to append to its list', async () => {
    const city = { id: uuid(), name: 'Austin', state: 'TX', permitFee: 25_000 }
    const { api, requests } = apiWith([data(city, 201)])
    const body = { name: 'Austin', state: 'TX', permitFee: 25_000 }
    await expect(api.adminCall({ kind: 'cities.create', body })).resolves.toEqual({
      change: 'created',
      list: 'Cities',
      item: city,
    })
    expect(requests[0]?.url).toBe(`${BASE}/admin/cities/create`)
  })

  it('answers a delete as the id to remove, and a status change as the request to replace', async () => {
    const id = uuid()
    const request = {
      id,
      clientId: uuid(),
      clientName: 'Pat',
      status: 'contacted',
      createdAt: '2026-01-01T00:00:00.000Z',
    }
    const { api, requests } = apiWith([data({ id }), data(request)])
    await expect(api.adminCall({ kind: 'admins.delete', id })).resolves.toEqual({
      change: 'deleted',
      list: 'Admins',
      id,
    })
    const status = { kind: 'builderRequests.status', id, body: { status: 'contacted' } } as const
    await expect(api.adminCall(status)).resolves.toEqual({
      change: 'edited',
      list: 'BuilderRequests',
      item: request,
    })
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `DELETE ${BASE}/admin/admin/${id}`,
      `PUT ${BASE}/admin/builder-requests/${id}`,
    ])
  })

  it('rejects with the problem, as every call does', async () => {
    const { api } = apiWith([problem(409, 'LAST_ADMIN')])
    const refused = await failure(api.adminCall({ kind: 'admins.delete', id: uuid() }))
    expect(refused).toMatchObject({ status: 409, code: 'LAST_ADMIN' })
  })
})

describe('adminCall routes every admin write to its call', () => {
  const id = uuid()
  const city = { name: 'Austin', state: 'TX', permitFee: 1 }
  const contact = { name: 'N', company: 'C', email: 'n@example.com', phone: '555 0100' }
  const engineer = { ...contact, licenseNo: 'PE-1', fee: 1 }
  const manager = { ...contact, bio: '', yearsExperience: 1, fee: 1 }
  const pricing = { base: 1, unit: 'items', unitPrice: 0 } as const
  const cases: [AdminCall, string, string, unknown][] = [
    [
      { kind: 'admins.create', body: { name: 'A', email: 'a@example.com' } },
      'POST',
      '/admin/admin/create',
      { name: 'A', email: 'a@example.com' },
    ],
    [
      { kind: 'admins.edit', id, body: { name: 'B' } },
      'PUT',
      `/admin/admin/edit/${id}`,
      { name: 'B' },
    ],
    [{ kind: 'admins.delete', id }, 'DELETE', `/admin/admin/${id}`, null],
    [{ kind: 'cities.create', body: city }, 'POST', '/admin/cities/create', city],
    [
      { kind: 'cities.edit', id, body: { permitFee: 2 } },
      'PUT',
      `/admin/cities/edit/${id}`,
      { permitFee: 2 },
    ],
    [{ kind: 'cities.delete', id }, 'DELETE', `/admin/cities/${id}`, null],
    [{ kind: 'engineers.create', body: engineer }, 'POST', '/admin/engineers/create', engineer],
    [
      { kind: 'engineers.edit', id, body: { fee: 2 } },
      'PUT',
      `/admin/engineers/edit/${id}`,
      { fee: 2 },
    ],
    [{ kind: 'engineers.delete', id }, 'DELETE', `/admin/engineers/${id}`, null],
    [{ kind: 'managers.create', body: manager }, 'POST', '/admin/managers/create', manager],
    [
      { kind: 'managers.edit', id, body: { bio: 'B' } },
      'PUT',
      `/admin/managers/edit/${id}`,
      { bio: 'B' },
    ],
    [{ kind: 'managers.delete', id }, 'DELETE', `/admin/managers/${id}`, null],
    [
      { kind: 'clients.edit', id, body: { perk: null } },
      'PUT',
      `/admin/client/edit/${id}`,
      { perk: null },
    ],
    [{ kind: 'clients.delete', id }, 'DELETE', `/admin/client/${id}`, null],
    [
      { kind: 'tips.edit', id, body: { text: 'T' } },
      'PUT',
      `/admin/tips/edit/${id}`,
      { text: 'T' },
    ],
    [
      { kind: 'stages.edit', id, body: { pricing } },
      'PUT',
      `/admin/stages/edit/${id}`,
      { pricing },
    ],
    [
      { kind: 'builderRequests.status', id, body: { status: 'closed' } },
      'PUT',
      `/admin/builder-requests/${id}`,
      { status: 'closed' },
    ],
    [
      { kind: 'managerRequests.status', id, body: { status: 'open' } },
      'PUT',
      `/admin/manager-requests/${id}`,
      { status: 'open' },
    ],
  ]

  it.each(cases)('%j sends %s %s', async (call, method, path, body) => {
    const { api, requests, bodies } = apiWith([problem(404, 'NOT_FOUND')])
    expect(await failure(api.adminCall(call))).toMatchObject({ status: 404 })
    expect(requests.map((r) => [r.method, r.url])).toEqual([[method, `${BASE}${path}`]])
    expect(bodies).toEqual([body])
  })
})
