import { and, eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { z } from 'zod/mini'
import type { Trade, TradeBody } from '../../contract/trades'
import { auditLog, quotes } from '../../server/db/schema'
import { build, type TestApp } from '../support/build'
import { call, callRaw } from '../support/call'
import { expectProblem, signIn, snapshot } from '../support/http'
import { entryOf, newClient, quote, serveAustin, stageIds } from './client-kit'
import { setToday } from './timeline-kit'

type Headers = Record<string, string>
type NewTrade = z.input<typeof TradeBody>

let t: TestApp
let client: Awaited<ReturnType<typeof newClient>>
let other: Awaited<ReturnType<typeof newClient>>
let excavation: string
beforeEach(async () => {
  t = await build()
  await serveAustin(t)
  client = await newClient(t, 'c@example.com')
  other = await newClient(t, 'other@example.com')
  excavation = (await stageIds(t)).excavation ?? ''
  setToday(t, '2030-03-01')
})
afterEach(() => t.app.close())

/** An excavator whose licence fits, checked, insured and exempt from workers' comp. */
const verified = {
  company: 'Dig Co',
  contact: 'Dan Digger',
  email: 'dan@dig.example',
  steps: ['excavation'],
  licenceNumber: '1234567',
  licenceClass: 'C-12',
  licenceCheckedOn: '2030-02-20',
  insuranceExpiresOn: '2031-01-01',
  compExempt: true,
} satisfies NewTrade

/** An excavator with nothing on record: no licence, no insurance, no workers' comp. */
const unverified = {
  company: 'Hole Inc',
  contact: 'Hal',
  email: 'hal@hole.example',
  steps: ['excavation', 'permits'],
} satisfies NewTrade

const tradeFor = (body: NewTrade, headers: Headers = client.headers): Promise<Trade> =>
  call(t, 'createTrade', { body }, headers)

const addQuote = (tradeId?: string | null, headers = client.headers) =>
  callRaw(
    t,
    'addQuote',
    {
      body: {
        StageId: excavation,
        ...quote('Dig Co'),
        ...(tradeId === undefined ? {} : { tradeId }),
      },
    },
    headers,
  )

const addPermitsQuote = (tradeId: string) =>
  callRaw(
    t,
    'addQuote1',
    { body: { Title: 'Permits', vendor: 'Hole Inc', amount: 50_000, tradeId } },
    client.headers,
  )

const onlyQuoteOf = (res: Parameters<typeof entryOf>[0]) => {
  const [only] = entryOf(res).quotes
  if (!only) throw new Error('no quote answered')
  return only
}

const accept = (quoteId: string, acknowledge?: boolean) =>
  callRaw(
    t,
    'acceptQuote',
    {
      body: { StageId: excavation, quoteId, ...(acknowledge === undefined ? {} : { acknowledge }) },
    },
    client.headers,
  )

const acknowledgements = () =>
  t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'quote'), eq(auditLog.action, 'acknowledge')))

describe('a quote names the trade who quoted', () => {
  it('keeps the trade of the owner’s for that step, and null without one', async () => {
    const trade = await tradeFor(verified)
    const named = onlyQuoteOf(await addQuote(trade.id))
    expect(named).toMatchObject({ vendor: 'Dig Co', tradeId: trade.id })
    t.clock.advance(1000)
    const entry = entryOf(await addQuote())
    expect(entry.quotes.map((q) => q.tradeId)).toEqual([trade.id, null])
    const { session } = await signIn(t, 'c@example.com')
    expect(session.poolData?.poolChoices[0]?.quotes.map((q) => q.tradeId)).toEqual([trade.id, null])
  })

  it('takes a trade on a non-stage step through add-quote1', async () => {
    const trade = await tradeFor(unverified)
    const res = await addPermitsQuote(trade.id)
    expect(entryOf(res)).toMatchObject({ Title: 'Permits', quotes: [{ tradeId: trade.id }] })
  })

  it('refuses another client’s trade, an unknown one or one not of the step, changing nothing', async () => {
    const theirs = await tradeFor(verified, other.headers)
    const tiler = await tradeFor({ ...verified, email: 't@tile.example', steps: ['tile'] })
    const before = await snapshot(t)
    for (const id of [theirs.id, crypto.randomUUID()]) {
      const problem = expectProblem(await addQuote(id), 400, 'VALIDATION_FAILED')
      expect(problem.errors).toEqual({ tradeId: ['Choose one of your trades'] })
    }
    const problem = expectProblem(await addQuote(tiler.id), 400, 'VALIDATION_FAILED')
    expect(problem.errors).toEqual({
      tradeId: ['Dig Co is not recorded for Excavation. Add the step to the trade.'],
    })
    expectProblem(await addPermitsQuote(tiler.id), 400, 'VALIDATION_FAILED')
    expectProblem(await addQuote('not-an-id'), 400, 'VALIDATION_FAILED')
    expect(await snapshot(t)).toBe(before)
  })
})

describe('DELETE /api/trades/{id} and the trade’s quotes', () => {
  it('is refused while one of its quotes is accepted, and changes nothing', async () => {
    const trade = await tradeFor(verified)
    const quoteId = onlyQuoteOf(await addQuote(trade.id)).id
    entryOf(await accept(quoteId))
    const before = await snapshot(t)
    const res = await callRaw(t, 'deleteTrade', { id: trade.id }, client.headers)
    expectProblem(res, 409, 'TRADE_HAS_CONTRACT')
    expect(await snapshot(t)).toBe(before)
  })

  it('forgets the trade on its quotes not accepted', async () => {
    const trade = await tradeFor(verified)
    const quoteId = onlyQuoteOf(await addQuote(trade.id)).id
    await call(t, 'deleteTrade', { id: trade.id }, client.headers)
    const [row] = await t.app.db.select().from(quotes).where(eq(quotes.id, quoteId))
    expect(row?.tradeId).toBeNull()
  })
})

describe('PUT /api/accept-quote and the quote’s trade', () => {
  it('refuses a trade with warnings on a licensed step, its warnings in errors, changing nothing', async () => {
    const trade = await tradeFor(unverified)
    const quoteId = onlyQuoteOf(await addQuote(trade.id)).id
    const before = await snapshot(t)
    for (const acknowledge of [undefined, false]) {
      const problem = expectProblem(await accept(quoteId, acknowledge), 409, 'TRADE_NOT_VERIFIED')
      expect(problem.errors).toEqual(
        Object.fromEntries(trade.warnings.map((w) => [w.code, [w.message]])),
      )
      expect(Object.keys(problem.errors ?? {})).toEqual([
        'LICENCE_MISSING',
        'INSURANCE_MISSING',
        'COMP_MISSING',
      ])
    }
    expect(await snapshot(t)).toBe(before)
  })

  it('accepts it when acknowledged, and the audit log records the acknowledgement', async () => {
    const trade = await tradeFor(unverified)
    const quoteId = onlyQuoteOf(await addQuote(trade.id)).id
    const entry = entryOf(await accept(quoteId, true))
    expect(entry.quotes).toMatchObject([{ id: quoteId, accepted: true, tradeId: trade.id }])
    const [row, ...more] = await acknowledgements()
    expect(more).toEqual([])
    expect(row).toMatchObject({
      actorId: client.id,
      entityId: quoteId,
      after: { tradeId: trade.id, warnings: trade.warnings },
    })
  })

  it('accepts as before a quote whose trade has no warnings, or that names none', async () => {
    const trade = await tradeFor(verified)
    const verifiedQuote = onlyQuoteOf(await addQuote(trade.id)).id
    expect(entryOf(await accept(verifiedQuote)).quotes).toMatchObject([{ accepted: true }])
    t.clock.advance(1000)
    const unnamed = entryOf(await addQuote()).quotes[1]?.id ?? ''
    const entry = entryOf(await accept(unnamed, true))
    expect(entry.quotes.map((q) => q.accepted)).toEqual([false, true])
    expect(await acknowledgements()).toEqual([])
  })

  it('accepts a quote on an unlicensed step whatever its trade’s warnings', async () => {
    const trade = await tradeFor(unverified)
    expect(trade.warnings).not.toEqual([])
    const quoteId = onlyQuoteOf(await addPermitsQuote(trade.id)).id
    const res = await callRaw(
      t,
      'acceptQuote',
      { body: { Title: 'Permits', quoteId } },
      client.headers,
    )
    expect(entryOf(res).quotes).toMatchObject([{ accepted: true }])
    expect(await acknowledgements()).toEqual([])
  })
})

describe('the money warning NO_TRADE', () => {
  const warningsOf = async (step: string) => {
    const money = await call(t, 'money', {}, client.headers)
    return money.warnings.filter((w) => w.step === step)
  }

  it('is on a licensed step’s contract whose quote names no trade, and only there', async () => {
    entryOf(await accept(onlyQuoteOf(await addQuote()).id))
    expect(await warningsOf('excavation')).toEqual([
      {
        step: 'excavation',
        code: 'NO_TRADE',
        message: 'Record who does this work to check their licence and insurance',
      },
    ])
    const trade = await tradeFor(verified)
    t.clock.advance(1000)
    const named = entryOf(await addQuote(trade.id)).quotes[1]?.id ?? ''
    entryOf(await accept(named))
    expect(await warningsOf('excavation')).toEqual([])
    // Permits are not licensed work.
    const body = { Title: 'Permits', vendor: 'City', amount: 45_000 } as const
    const permits = onlyQuoteOf(await callRaw(t, 'addQuote1', { body }, client.headers))
    await call(
      t,
      'acceptQuote',
      { body: { Title: 'Permits', quoteId: permits.id } },
      client.headers,
    )
    expect((await call(t, 'money', {}, client.headers)).steps).toContainEqual(
      expect.objectContaining({
        step: 'permits',
        contract: expect.objectContaining({ vendor: 'City' }),
      }),
    )
    expect(await warningsOf('permits')).toEqual([])
  })
})
