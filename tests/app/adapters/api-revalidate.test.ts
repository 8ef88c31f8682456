import { describe, expect, it } from 'vitest'
import { apiWith, failure } from './api-test-kit'
import { data, raw } from './fake-fetch'

// A project's reads are revalidated with the ETag of the answer held (the route table's `etag`):
// a 304 answers the data held again, without a body to read.

const warranties = { name: 'warranties' } as const

describe("a project's read", () => {
  it('is sent with the ETag of the answer held, and a 304 answers that answer again', async () => {
    const { api, requests } = apiWith([
      data([], 200, { etag: 'W/"1"' }),
      raw(null, 304, { etag: 'W/"1"' }),
    ])
    const sent = await api.clientCall(warranties)
    const again = await api.clientCall(warranties)
    expect(again).toEqual({ name: 'warranties', data: [] })
    expect(again.data).toBe(sent.data)
    expect(requests[0]?.headers.get('if-none-match')).toBeNull()
    expect(requests[1]?.headers.get('if-none-match')).toBe('W/"1"')
  })

  it('keeps the newer answer and its ETag when the data changed', async () => {
    const { api, requests } = apiWith([
      data([], 200, { etag: 'W/"1"' }),
      data([], 200, { etag: 'W/"2"' }),
      raw(null, 304),
    ])
    const held = await api.clientCall(warranties)
    const changed = await api.clientCall(warranties)
    expect(changed.data).not.toBe(held.data)
    expect((await api.clientCall(warranties)).data).toBe(changed.data)
    expect(requests[2]?.headers.get('if-none-match')).toBe('W/"2"')
  })

  it('is sent without an ETag when the answer held had none, and a 304 then is a bad answer', async () => {
    const { api, requests } = apiWith([data([]), raw(null, 304)])
    await api.clientCall(warranties)
    expect(await failure(api.clientCall(warranties))).toMatchObject({ code: 'BAD_RESPONSE' })
    expect(requests[1]?.headers.get('if-none-match')).toBeNull()
  })

  it('keeps an ETag per path: another thread’s messages are not this one’s', async () => {
    const messages = (thread: 'plumbing' | 'steel') =>
      ({ name: 'threadMessages', thread, query: {} }) as const
    const { api, requests } = apiWith([
      data([], 200, { etag: 'W/"p"' }),
      data([], 200, { etag: 'W/"s"' }),
    ])
    await api.clientCall(messages('plumbing'))
    await api.clientCall(messages('steel'))
    expect(requests[1]?.headers.get('if-none-match')).toBeNull()
  })
})
