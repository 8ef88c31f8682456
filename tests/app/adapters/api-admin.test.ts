import { describe, expect, it } from 'vitest'
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
