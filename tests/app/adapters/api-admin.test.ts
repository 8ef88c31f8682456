import { describe, expect, it } from 'vitest'
import { apiWith, BASE, failure } from './api-test-kit'
import { data, problem, raw } from './fake-fetch'
import { adminData, uuid } from './fixtures'

describe('fetchAdmin', () => {
  it('reads the data and its ETag, sending no If-None-Match the first time', async () => {
    const fetched = adminData()
    const { api, requests } = apiWith([data(fetched, 200, { etag: '"v1"' })])
    expect(await api.fetchAdmin({ etag: null })).toEqual({
      status: 'ok',
      data: fetched,
      etag: '"v1"',
    })
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
    expect(await failure(api.fetchAdmin({ etag: null }))).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    })
    expect(await failure(api.fetchAdmin({ etag: null }))).toMatchObject({ code: 'BAD_RESPONSE' })
  })

  it('takes client rows after a first look, their fields left to the admin actor’s check', async () => {
    const fetched = adminData()
    const [row] = fetched.Clients
    const misfit = { ...row, createdAt: 'yesterday' }
    const { api } = apiWith([
      data({ ...fetched, Clients: [misfit] }),
      data({ ...fetched, Clients: ['not a row'] }),
      data({ ...fetched, UsersOnWaiting: {} }),
    ])
    expect(await api.fetchAdmin({ etag: null })).toMatchObject({ data: { Clients: [misfit] } })
    expect(await failure(api.fetchAdmin({ etag: null }))).toMatchObject({ code: 'BAD_RESPONSE' })
    expect(await failure(api.fetchAdmin({ etag: null }))).toMatchObject({ code: 'BAD_RESPONSE' })
  })
})

describe('adminCall, the admin actor’s write port', () => {
  it('answers a create with its name and the item', async () => {
    const city = {
      id: uuid(),
      name: 'Austin',
      state: 'TX',
      permitFee: 25_000,
      timeZone: 'America/Chicago',
    }
    const { api, requests, bodies } = apiWith([data(city, 201)])
    const body = { name: 'Austin', state: 'TX', permitFee: 25_000 }
    await expect(api.adminCall({ name: 'createCity', body })).resolves.toEqual({
      name: 'createCity',
      data: city,
    })
    expect(requests[0]?.url).toBe(`${BASE}/admin/cities/create`)
    expect(bodies).toEqual([body])
  })

  it('answers a delete with the deleted id itself', async () => {
    const id = uuid()
    const { api } = apiWith([data(id)])
    await expect(api.adminCall({ name: 'deleteAdmin', id })).resolves.toEqual({
      name: 'deleteAdmin',
      data: id,
    })
  })

  it('refuses a delete answered with anything but an id', async () => {
    const id = uuid()
    const { api } = apiWith([data({ id })])
    const refused = await failure(api.adminCall({ name: 'deleteCity', id }))
    expect(refused).toMatchObject({ code: 'BAD_RESPONSE' })
  })

  it('rejects with the problem, as every call does', async () => {
    const { api } = apiWith([problem(409, 'LAST_ADMIN')])
    const refused = await failure(api.adminCall({ name: 'deleteAdmin', id: uuid() }))
    expect(refused).toMatchObject({ status: 409, code: 'LAST_ADMIN' })
  })
})
