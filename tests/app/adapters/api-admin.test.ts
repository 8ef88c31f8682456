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
