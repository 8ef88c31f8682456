import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { TRADE_SESSION_COOKIE } from '../../contract/bids'
import { bidRequests, tradeSessions } from '../../server/db/schema'
import { linkHash, newLinkToken } from '../../server/plugins/app/bids/link'
import { expectProblem, json, lastMail } from '../support/http'
import { austinPerTest } from './client-kit'
import { setToday } from './timeline-kit'
import {
  bidRequest,
  digger,
  saveDesign,
  tradeCall,
  tradeCode,
  tradeLogin,
  tradeSignIn,
  tradeVerify,
  viewOf,
} from './trade-kit'

const { t, client } = austinPerTest()
beforeEach(async () => {
  setToday(t, '2030-03-01')
  await saveDesign(t, client.headers)
})

describe('a trade signs in on its link', () => {
  it('emails a code to the trade and answers where it went, masked', async () => {
    const { token } = await bidRequest(t, client)
    const res = await tradeLogin(t, token)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ Data: { sentTo: 'd•••@deepdig.example' } })
    expect((await lastMail(t, digger.email)).text).toMatch(/\b\d{6}\b/)
  })

  it("tells the link's page the step and whose project it is, before sign-in", async () => {
    const { token } = await bidRequest(t, client)
    const res = await json(t.app, 'POST', '/api/trade/link', { token })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({
      Data: { step: 'excavation', title: 'Excavation', ownerName: 'Pat Swimmer', city: 'Austin' },
    })
    expectProblem(
      await json(t.app, 'POST', '/api/trade/link', { token: newLinkToken() }),
      410,
      'LINK_GONE',
    )
  })

  it('answers 410 LINK_GONE alike to an unknown, withdrawn, replaced or expired link', async () => {
    const withdrawn = await bidRequest(t, client)
    await t.app.db
      .update(bidRequests)
      .set({ status: 'withdrawn' })
      .where(eq(bidRequests.id, withdrawn.request.id))
    const replaced = await bidRequest(t, client, {
      trade: { ...digger, email: 'r@example.com', company: 'Replaced Co' },
    })
    await t.app.db
      .update(bidRequests)
      .set({ tokenHash: linkHash(t.app, newLinkToken()) })
      .where(eq(bidRequests.id, replaced.request.id))
    const expired = await bidRequest(t, client, {
      trade: { ...digger, email: 'x@example.com', company: 'Expired Co' },
      dueOn: '2030-01-15',
    })
    const answers = []
    for (const token of [newLinkToken(), withdrawn.token, replaced.token, expired.token]) {
      const login = expectProblem(await tradeLogin(t, token), 410, 'LINK_GONE')
      const verify = expectProblem(await tradeVerify(t, token, '123456'), 410, 'LINK_GONE')
      answers.push(JSON.stringify([login, verify]))
    }
    expect(new Set(answers).size).toBe(1)
  })

  it('sets an httpOnly, SameSite=Strict cookie on /api/trade for 4 hours, stored only hashed', async () => {
    const { token, request } = await bidRequest(t, client)
    const { session, res } = await tradeSignIn(t, token)
    expect(session).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/trade',
      maxAge: 4 * 60 * 60,
    })
    expect(res.headers['set-cookie']).not.toMatch(/Secure/)
    const [row] = await t.app.db
      .select()
      .from(tradeSessions)
      .where(eq(tradeSessions.bidRequestId, request.id))
    expect(row?.tokenHash).toBe(linkHash(t.app, session.value))
    expect(row?.tokenHash).not.toBe(session.value)
  })

  it('marks the request viewed on the first verify only', async () => {
    const { token, request } = await bidRequest(t, client)
    const first = await tradeSignIn(t, token)
    expect(viewOf(first.res).request.status).toBe('viewed')
    const [once] = await t.app.db.select().from(bidRequests).where(eq(bidRequests.id, request.id))
    t.clock.advance(60_000)
    await tradeSignIn(t, token)
    const [twice] = await t.app.db.select().from(bidRequests).where(eq(bidRequests.id, request.id))
    expect(once?.viewedAt).toBeInstanceOf(Date)
    expect(twice?.viewedAt).toEqual(once?.viewedAt)
  })

  it('refuses a wrong code, burns it after 5 tries, and an old one once a new one is sent', async () => {
    const { token } = await bidRequest(t, client)
    await tradeLogin(t, token)
    const first = await tradeCode(t, digger.email)
    const wrong = first === '000000' ? '111111' : '000000'
    expect(expectProblem(await tradeVerify(t, token, wrong), 401, 'CODE_INVALID').triesLeft).toBe(4)
    for (let i = 0; i < 4; i++) await tradeVerify(t, token, wrong)
    expectProblem(await tradeVerify(t, token, first), 401, 'CODE_LOCKED')
    await tradeLogin(t, token)
    const second = await tradeCode(t, digger.email)
    expect(viewOf(await tradeVerify(t, token, second)).request.step).toBe('excavation')
    expectProblem(await tradeVerify(t, token, second), 401, 'CODE_USED')
  })

  it('refuses a code at the end of its 10 minutes, and any code before one was sent', async () => {
    t.clock.freeze()
    const { token } = await bidRequest(t, client)
    const early = expectProblem(await tradeVerify(t, token, '123456'), 401, 'UNAUTHENTICATED')
    expect(early.detail).toBe('Request a code to continue.')
    await tradeLogin(t, token)
    const code = await tradeCode(t, digger.email)
    t.clock.advance(10 * 60 * 1000)
    expectProblem(await tradeVerify(t, token, code), 401, 'CODE_EXPIRED')
  })

  it('limits codes per link (429 with Retry-After)', async () => {
    const { token } = await bidRequest(t, client)
    for (let i = 0; i < 5; i++) expect((await tradeLogin(t, token)).statusCode).toBe(200)
    const res = await tradeLogin(t, token)
    expectProblem(res, 429, 'RATE_LIMITED')
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
  })
})

describe('the trade session', () => {
  it('reads the view with its cookie, and is 401 without one or with a bearer token', async () => {
    const { token } = await bidRequest(t, client)
    const { headers } = await tradeSignIn(t, token)
    expect(viewOf(await tradeCall(t, 'GET', '/api/trade', headers)).project.city).toBe('Austin')
    expectProblem(await tradeCall(t, 'GET', '/api/trade', {}), 401, 'UNAUTHENTICATED')
    expectProblem(await tradeCall(t, 'GET', '/api/trade', client.headers), 401)
    expectProblem(
      await tradeCall(t, 'GET', '/api/trade', { ...headers, ...client.headers }),
      401,
      'UNAUTHENTICATED',
    )
  })

  it('reaches no other call: its cookie is nobody there', async () => {
    const { token } = await bidRequest(t, client)
    const { headers } = await tradeSignIn(t, token)
    expectProblem(await json(t.app, 'GET', '/api/trades', undefined, headers), 401)
    expectProblem(await json(t.app, 'GET', '/api/money', undefined, headers), 401)
    expectProblem(await json(t.app, 'GET', '/api/admin/fetch', undefined, headers), 401)
  })

  it('ends after 4 hours, on sign-out, and when its request is withdrawn', async () => {
    const { token, request } = await bidRequest(t, client)
    const late = await tradeSignIn(t, token)
    t.clock.advance(4 * 60 * 60 * 1000 + 1)
    const ended = expectProblem(await tradeCall(t, 'GET', '/api/trade', late.headers), 401)
    expect(ended.detail).toBe('Your session has ended. Send yourself a new code.')

    const out = await tradeSignIn(t, token)
    const res = await tradeCall(t, 'DELETE', '/api/trade/session', out.headers)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['set-cookie']).toMatch(new RegExp(`${TRADE_SESSION_COOKIE}=;`))
    expectProblem(await tradeCall(t, 'GET', '/api/trade', out.headers), 401)

    const gone = await tradeSignIn(t, token)
    await t.app.db
      .update(bidRequests)
      .set({ status: 'withdrawn' })
      .where(eq(bidRequests.id, request.id))
    expectProblem(await tradeCall(t, 'GET', '/api/trade', gone.headers), 410, 'LINK_GONE')
  })

  it('is scoped to its own request', async () => {
    const mine = await bidRequest(t, client)
    const theirs = await bidRequest(t, client, {
      trade: { ...digger, company: 'Other Dig', email: 'o@example.com' },
      dueOn: '2030-03-20',
    })
    const { headers } = await tradeSignIn(t, mine.token)
    await tradeSignIn(t, theirs.token, 'o@example.com')
    const view = viewOf(await tradeCall(t, 'GET', '/api/trade', headers))
    expect(view.request.dueOn).toBe('2030-03-15')
  })
})
