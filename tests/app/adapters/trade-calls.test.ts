import { afterEach, describe, expect, it, vi } from 'vitest'
import { createTradePorts } from '../../../src/adapters/api/trade-calls'
import { data, fakeFetch, problem } from './fake-fetch'

const DRAW = '00000000-0000-4000-8000-000000000701'
const FILE = '00000000-0000-4000-8000-000000000901'

const stored = {
  id: FILE,
  kind: 'lien-waiver',
  name: 'uw.pdf',
  contentType: 'application/pdf',
  size: 8,
  caption: '',
  createdAt: '2030-03-02T09:00:00.000Z',
  urls: { original: '/api/files/x/original?sig=y' },
}

afterEach(() => vi.unstubAllGlobals())

describe("the trade portal's port", () => {
  it('uploads the signed unconditional waiver as a lien waiver, then sends it as the draw’s', async () => {
    const { fetch, requests, bodies } = fakeFetch(data(stored, 201), problem(409, 'CONFLICT'))
    vi.stubGlobal('fetch', fetch)
    const waiver = new File(['%PDF-1.4'], 'uw.pdf', { type: 'application/pdf' })
    const sending = createTradePorts('http://localhost/api').answer({
      kind: 'waiver',
      drawId: DRAW,
      waiver,
    })
    // The draw's refusal reaches the form, with the server's code.
    await expect(sending).rejects.toMatchObject({ status: 409, code: 'CONFLICT' })
    const [upload, send] = requests
    expect([upload?.method, upload && new URL(upload.url).pathname]).toEqual([
      'POST',
      '/api/trade/files',
    ])
    const form = await upload?.clone().formData()
    expect(form?.get('kind')).toBe('lien-waiver')
    expect((form?.get('file') as File | null)?.name).toBe('uw.pdf')
    expect([send?.method, send && new URL(send.url).pathname]).toEqual([
      'PUT',
      '/api/trade/lien-waiver',
    ])
    expect(bodies[1]).toEqual({ drawId: DRAW, fileId: FILE })
  })
})
