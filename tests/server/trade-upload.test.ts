import { beforeEach, describe, expect, it } from 'vitest'
import { StoredFile } from '../../contract/documents'
import { call } from '../support/call'
import { expectProblem } from '../support/http'
import { austinPerTest } from './client-kit'
import { multipartBody, pdf } from './files-kit'
import { setToday } from './timeline-kit'
import { bidRequest, saveDesign, tradeCall, tradeSignIn, viewOf } from './trade-kit'

const { t, client } = austinPerTest()
let trade: Record<string, string>
beforeEach(async () => {
  setToday(t, '2030-03-01')
  await saveDesign(t, client.headers)
  trade = (await tradeSignIn(t, (await bidRequest(t, client)).token)).headers
})

const upload = async (headers: Record<string, string>, kind = 'other') => {
  const { payload, contentType } = await multipartBody({ kind }, { name: 'bid.pdf', bytes: pdf() })
  return t.app.inject({
    method: 'POST',
    url: '/api/trade/files',
    headers: { ...headers, 'content-type': contentType },
    payload,
  })
}
const ownOrigin = { origin: 'http://localhost:80', host: 'localhost:80' }

describe("a trade's upload", () => {
  it("is stored as the owner's file on the step and may be the bid's proposal", async () => {
    const res = await upload({ ...trade, ...ownOrigin })
    expect(res.statusCode, res.body).toBe(201)
    const file = StoredFile.parse((res.json() as { Data: unknown }).Data)
    expect(file).toMatchObject({ kind: 'other', step: 'excavation', name: 'bid.pdf' })
    const owners = await call(t, 'files', { query: {} }, client.headers)
    expect(owners.map((f) => f.id)).toContain(file.id)
    const bid = { amount: 100_000, items: [], fileId: file.id }
    const view = viewOf(await tradeCall(t, 'PUT', '/api/trade/bid', trade, bid))
    expect(view.bid?.fileId).toBe(file.id)
  })

  it('is taken only from our own origin', async () => {
    expectProblem(await upload(trade), 403, 'CROSS_SITE_REQUEST')
    expectProblem(
      await upload({ ...trade, origin: 'https://evil.example', host: 'localhost:80' }),
      403,
      'CROSS_SITE_REQUEST',
    )
    expectProblem(await upload({ ...trade, 'sec-fetch-site': 'cross-site' }), 403)
    expect((await upload({ ...trade, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201)
  })

  it('takes only the kinds a trade sends, and needs the trade session', async () => {
    expect(
      expectProblem(await upload({ ...trade, ...ownOrigin }, 'plan'), 400).errors?.kind,
    ).toBeDefined()
    expectProblem(await upload(ownOrigin), 401)
    expectProblem(await upload({ ...ownOrigin, ...client.headers }), 401)
  })
})
