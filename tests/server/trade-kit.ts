import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { TradeView, TRADE_SESSION_COOKIE } from '../../contract/bids'
import type { TradeBody } from '../../contract/trades'
import { REFERENCE_POOL } from '../../contract/estimator'
import { eq } from 'drizzle-orm'
import { bidRequests, poolEntries, quotes, scopeItems } from '../../server/db/schema'
import { linkHash, newLinkToken } from '../../server/plugins/app/bids/link'
import type { TestApp } from '../support/build'
import { call, callRaw } from '../support/call'
import { codeIn, cookie, json, lastMail } from '../support/http'
import { stageIds } from './client-kit'

type Headers = Record<string, string>

/** An excavation trade with its licence and insurance on record. */
export const digger: TradeBody = {
  company: 'Deep Dig Co',
  contact: 'Dee Digger',
  email: 'dee@deepdig.example',
  steps: ['excavation'],
  licenceNumber: '7654321',
  licenceClass: 'C-12',
  licenceCheckedOn: '2030-02-20',
  insuranceExpiresOn: '2031-01-01',
  compExempt: true,
}

/** The owner's saved design, so the bid package has its quantities. */
export const saveDesign = (t: TestApp, owner: Headers) =>
  call(t, 'editPool', { body: { Title: 'Pool Design', choices: REFERENCE_POOL } }, owner)

/**
 * Scope items of excavation and steel, as migration 0015 seeds them: the tests' database is
 * emptied for every app, and the seed puts back only what start-up seeds.
 */
export async function seedScope(t: TestApp) {
  const items = [
    ['excavation', 'Haul-off of the soil', 15],
    ['excavation', 'Layout and grade stakes', 5],
    ['excavation', 'Site cleanup', 5],
    ['steel', 'Rebar per the engineering plan', 70],
  ] as const
  await t.app.db
    .insert(scopeItems)
    .values(items.map(([step, text, share], position) => ({ step, text, share, position })))
    .onConflictDoNothing()
}

/**
 * A bid request made as the owner's call will make it: a trade of the step, and a row whose
 * link's token only the test knows (the database keeps its keyed hash).
 */
export async function bidRequest(
  t: TestApp,
  owner: { id: string; headers: Headers },
  options: { trade?: TradeBody; step?: string; dueOn?: string; fileIds?: string[] } = {},
) {
  const trade = await call(t, 'createTrade', { body: options.trade ?? digger }, owner.headers)
  const token = newLinkToken()
  const [row] = await t.app.db
    .insert(bidRequests)
    .values({
      clientId: owner.id,
      step: options.step ?? 'excavation',
      tradeId: trade.id,
      dueOn: options.dueOn ?? '2030-03-15',
      message: 'Access is from the back alley.',
      tokenHash: linkHash(t.app, token),
      fileIds: options.fileIds ?? [],
    })
    .returning()
  if (!row) throw new Error('no bid request')
  return { token, request: row, trade }
}

export const tradeLogin = (t: TestApp, token: string) =>
  callRaw(t, 'tradeLogin', { body: { token } })

export const tradeVerify = (t: TestApp, token: string, code: string) =>
  callRaw(t, 'tradeVerify', { body: { token, code } })

/** The code the trade's last email carries. */
export const tradeCode = async (t: TestApp, email: string) => codeIn(await lastMail(t, email))

/** Signs the trade in on its link: the cookie header of its session, and the verify answer. */
export async function tradeSignIn(t: TestApp, token: string, email = digger.email) {
  expect((await tradeLogin(t, token)).statusCode).toBe(200)
  const res = await tradeVerify(t, token, await tradeCode(t, email))
  expect(res.statusCode, res.body).toBe(200)
  const session = cookie(res, TRADE_SESSION_COOKIE)
  if (!session) throw new Error('no trade session cookie')
  return { headers: { cookie: `${TRADE_SESSION_COOKIE}=${session.value}` }, res, session }
}

/** The trade view an answer carries, checked against the contract. */
export function viewOf(res: LightMyRequestResponse, status = 200): TradeView {
  expect(res.statusCode, res.body).toBe(status)
  return TradeView.parse((res.json() as { Data: unknown }).Data)
}

export const tradeCall = (
  t: TestApp,
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  headers: Headers,
  body?: unknown,
) => json(t.app, method, url, body, headers)

/**
 * The trade's bid on excavation ($15,800), accepted by the owner: its award. Answers the trade
 * session's headers.
 */
export async function awardExcavation(t: TestApp, owner: { id: string; headers: Headers }) {
  const made = await bidRequest(t, owner)
  const trade = (await tradeSignIn(t, made.token)).headers
  viewOf(await tradeCall(t, 'PUT', '/api/trade/bid', trade, { amount: 1_580_000, items: [] }))
  const [quote] = await t.app.db
    .select({ id: quotes.id })
    .from(quotes)
    .innerJoin(poolEntries, eq(poolEntries.id, quotes.entryId))
    .where(eq(poolEntries.clientId, owner.id))
  const { excavation } = await stageIds(t)
  await call(
    t,
    'acceptQuote',
    { body: { StageId: excavation ?? '', quoteId: quote?.id ?? '', acknowledge: true } },
    owner.headers,
  )
  return trade
}
