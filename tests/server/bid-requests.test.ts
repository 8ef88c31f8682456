import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Trade } from '../../contract/trades'
import { bidRequests } from '../../server/db/schema'
import { linkHash } from '../../server/plugins/app/bids/link'
import { call, callRaw } from '../support/call'
import { expectProblem, snapshot } from '../support/http'
import { austinPerTest, clientPerTest } from './client-kit'
import { mailsTo, requestsOf, steelTrade, tokenIn } from './bids-kit'
import { pdf, uploaded } from './files-kit'
import { setToday } from './timeline-kit'

type Headers = Record<string, string>

const { t, client } = austinPerTest({ PUBLIC_URL: 'https://pool.example.com' })
const other = clientPerTest(t, 'other@example.com')
let rebar: Trade
let bender: Trade
beforeEach(async () => {
  setToday(t, '2030-03-01')
  rebar = await steelTrade(t, client.headers, 'Rebar Co')
  bender = await steelTrade(t, client.headers, 'Bender Bros')
})

const ask = (body: object, headers: Headers = client.headers) =>
  callRaw(t, 'requestBids', { body: { step: 'steel', dueOn: '2030-03-10', ...body } }, headers)
const asked = async (body: object = { tradeIds: [rebar.id] }) => requestsOf(await ask(body))
const listed = (headers: Headers = client.headers, query?: Record<string, string>) =>
  call(t, 'bidRequests', { query }, headers)
const hashes = async () => (await t.app.db.select().from(bidRequests)).map((r) => r.tokenHash)

describe('asking trades for bids', () => {
  it('makes one request per trade, emails each its own link and keeps only its hash', async () => {
    const made = await asked({ tradeIds: [rebar.id, bender.id], message: 'Plans attached.' })
    expect(made.map((r) => [r.company, r.status, r.dueOn, r.message])).toEqual([
      ['Rebar Co', 'sent', '2030-03-10', 'Plans attached.'],
      ['Bender Bros', 'sent', '2030-03-10', 'Plans attached.'],
    ])
    const [first] = await mailsTo(rebar.email, t)
    const [second] = await mailsTo(bender.email, t)
    if (!first || !second) throw new Error('each trade gets an email')
    expect(first.subject).toBe('Bid request: Steel for Pat Swimmer')
    expect(first.text).toContain('Plans attached.')
    expect(tokenIn(first)).not.toBe(tokenIn(second))
    const stored = await hashes()
    expect(stored.sort()).toEqual(
      [linkHash(t.app, tokenIn(first)), linkHash(t.app, tokenIn(second))].sort(),
    )
    expect(stored).not.toContain(tokenIn(first))
    expect((await listed()).map((r) => r.id).sort()).toEqual(made.map((r) => r.id).sort())
  })

  it('lists a step’s requests, newest first, and only the client’s own', async () => {
    const tiler = await steelTrade(t, client.headers, 'Tile Co', ['tile'])
    const [steel] = await asked()
    t.clock.advance(1000)
    const [tile] = await asked({ step: 'tile', tradeIds: [tiler.id] })
    expect((await listed()).map((r) => r.id)).toEqual([tile?.id, steel?.id])
    expect(await listed(client.headers, { step: 'steel' })).toEqual([steel])
    expect(await listed(other.headers)).toEqual([])
  })

  it('asks only for licensed work, of the client’s trades that do the step', async () => {
    expect(expectProblem(await ask({ step: 'permits', tradeIds: [rebar.id] }), 400).errors).toEqual(
      {
        step: ['Ask for bids on licensed work only'],
      },
    )
    const tiler = await steelTrade(t, client.headers, 'Tile Co', ['tile'])
    const theirs = await steelTrade(t, other.headers, 'Their Steel')
    const before = await snapshot(t)
    for (const tradeIds of [[tiler.id], [rebar.id, theirs.id], [crypto.randomUUID()]])
      expect(expectProblem(await ask({ tradeIds }), 400).errors?.tradeIds).toEqual([
        'Choose your trades that do this step',
      ])
    expect(await snapshot(t)).toBe(before)
    expect((await mailsTo(rebar.email, t)).length).toBe(0)
  })

  it('takes a due date from tomorrow to 60 days ahead of the project’s day', async () => {
    for (const dueOn of ['2030-03-01', '2030-02-28', '2030-05-01'])
      expect(expectProblem(await ask({ dueOn, tradeIds: [rebar.id] }), 400).errors).toHaveProperty(
        'dueOn',
      )
    expect((await asked({ dueOn: '2030-03-02', tradeIds: [rebar.id] }))[0]?.dueOn).toBe(
      '2030-03-02',
    )
    expect((await asked({ dueOn: '2030-04-30', tradeIds: [bender.id] }))[0]?.dueOn).toBe(
      '2030-04-30',
    )
  })

  it('attaches the client’s plans and permits of the step or the whole project only', async () => {
    const file = (headers: Headers, fields: Record<string, string>) =>
      uploaded(t, headers, { name: 'a.pdf', bytes: pdf() }, fields)
    const plan = await file(client.headers, { kind: 'plan', step: 'steel' })
    const permit = await file(client.headers, { kind: 'permit' })
    const photo = await file(client.headers, { kind: 'photo', step: 'steel' })
    const tilePlan = await file(client.headers, { kind: 'plan', step: 'tile' })
    const theirs = await file(other.headers, { kind: 'plan' })
    for (const bad of [photo, tilePlan, theirs])
      expect(
        expectProblem(await ask({ tradeIds: [rebar.id], fileIds: [plan.id, bad.id] }), 400).errors
          ?.fileIds,
      ).toBeDefined()
    const [made] = await asked({ tradeIds: [rebar.id], fileIds: [plan.id, permit.id] })
    expect(made?.fileIds.sort()).toEqual([plan.id, permit.id].sort())
  })

  it('refuses a second open request of a trade for the step (409 BID_REQUESTED)', async () => {
    const [first] = await asked()
    expectProblem(await ask({ tradeIds: [bender.id, rebar.id] }), 409, 'BID_REQUESTED')
    expect((await listed()).length).toBe(1)
    await call(t, 'withdrawBidRequest', { id: first?.id ?? '' }, client.headers)
    expect((await asked({ tradeIds: [rebar.id] })).length).toBe(1)
  })

  it('lets one of two concurrent requests for the same trade and step through', async () => {
    const answers = await Promise.all([
      ask({ tradeIds: [rebar.id] }),
      ask({ tradeIds: [rebar.id, bender.id] }),
    ])
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409])
    const refused = answers.find((res) => res.statusCode === 409)
    if (refused) expectProblem(refused, 409, 'BID_REQUESTED')
    expect((await mailsTo(rebar.email, t)).length).toBe(1)
  })
})

describe('a request after it is sent', () => {
  it('sends again with a new link: the old hash is no row’s any more', async () => {
    const [made] = await asked()
    const id = made?.id ?? ''
    const [first] = await mailsTo(rebar.email, t)
    t.clock.advance(60_000)
    const resent = await call(t, 'resendBidRequest', { id }, client.headers)
    expect(resent).toMatchObject({ id, status: 'sent' })
    expect(resent.sentAt > (made?.sentAt ?? '')).toBe(true)
    const mails = await mailsTo(rebar.email, t)
    expect(mails.length).toBe(2)
    const [oldToken, newToken] = mails.map(tokenIn)
    expect(first && tokenIn(first)).toBe(oldToken)
    expect(newToken).not.toBe(oldToken)
    expect(await hashes()).toEqual([linkHash(t.app, newToken ?? '')])
    expect(await hashes()).not.toContain(linkHash(t.app, oldToken ?? ''))
  })

  it('withdraws an open request, once, and only the client’s own', async () => {
    const [made] = await asked()
    const id = made?.id ?? ''
    expectProblem(await callRaw(t, 'withdrawBidRequest', { id }, other.headers), 404)
    expectProblem(await callRaw(t, 'resendBidRequest', { id }, other.headers), 404)
    expect((await listed())[0]?.status).toBe('sent')
    const withdrawn = await call(t, 'withdrawBidRequest', { id }, client.headers)
    expect(withdrawn).toMatchObject({ id, status: 'withdrawn', company: 'Rebar Co' })
    expectProblem(await callRaw(t, 'withdrawBidRequest', { id }, client.headers), 409)
    expectProblem(await callRaw(t, 'resendBidRequest', { id }, client.headers), 409)
    expect((await mailsTo(rebar.email, t)).length).toBe(1)
  })

  it('reads as expired 30 days after its due date, and no longer holds the trade', async () => {
    const [made] = await asked()
    const id = made?.id ?? ''
    setToday(t, '2030-04-09')
    expect((await listed())[0]?.status).toBe('sent')
    setToday(t, '2030-04-10')
    expect((await listed())[0]?.status).toBe('expired')
    expectProblem(await callRaw(t, 'resendBidRequest', { id }, client.headers), 409)
    expectProblem(await callRaw(t, 'withdrawBidRequest', { id }, client.headers), 409)
    const [again] = await asked({ tradeIds: [rebar.id], dueOn: '2030-04-20' })
    const [row] = await t.app.db.select().from(bidRequests).where(eq(bidRequests.id, id))
    expect(row?.status).toBe('expired')
    expect((await listed()).map((r) => [r.id, r.status])).toEqual([
      [again?.id, 'sent'],
      [id, 'expired'],
    ])
  })
})
