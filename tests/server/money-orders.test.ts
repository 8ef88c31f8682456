import fs from 'node:fs'
import { sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { AdminFetchData, Timeline, type StepSlug } from '../../contract'
import { changeOrders, contracts, draws, payments } from '../../server/db/schema'
import { expectProblem, snapshot } from '../support/http'
import { callRaw } from '../support/call'
import { austinPerTest, newClient } from './client-kit'
import { drawId, getMoney, moneyOf, pay, signed, stepIn } from './money-kit'
import { setToday } from './timeline-kit'
import { REFERENCE_POOL } from '../../contract/estimator'

const { t, admin, client } = austinPerTest()
beforeEach(async () => {
  setToday(t, '2030-03-01')
})

const money = (headers = client.headers) => getMoney(t, headers)
const propose = (step: StepSlug, amount: number, headers = client.headers) =>
  callRaw(t, 'addChangeOrder', { body: { step, description: 'More rock', amount } }, headers)
const decide = (id: string, status: string, headers = client.headers) =>
  callRaw(t, 'decideChangeOrder', { id, body: { status } }, headers)
/** Proposes a change order on `step` and answers its id. */
async function proposed(step: StepSlug, amount: number) {
  const orders = stepIn(moneyOf(await propose(step, amount), 201), step).changeOrders
  const id = orders.at(-1)?.id
  if (!id) throw new Error('no change order')
  return id
}

describe('change orders', () => {
  it('proposes, then approving moves committed and the Balance; rejecting moves nothing', async () => {
    await signed(t, client.headers, 'excavation', 800_000)
    const more = await proposed('excavation', 50_000)
    const less = await proposed('excavation', -20_000)
    expect(stepIn(await money(), 'excavation')).toMatchObject({
      committed: 800_000,
      changeOrders: [
        { id: more, description: 'More rock', amount: 50_000, status: 'proposed' },
        { id: less, amount: -20_000, status: 'proposed' },
      ],
    })
    const approved = stepIn(moneyOf(await decide(more, 'approved')), 'excavation')
    expect(approved.committed).toBe(850_000)
    expect(approved.draws.map((d) => d.amount)).toEqual([80_000, 770_000])
    const rejected = stepIn(moneyOf(await decide(less, 'rejected')), 'excavation')
    expect(rejected.committed).toBe(850_000)
    expect(rejected.changeOrders.map((c) => c.status)).toEqual(['approved', 'rejected'])

    const before = await snapshot(t)
    expectProblem(await decide(more, 'rejected'), 409, 'CHANGE_ORDER_DECIDED')
    expectProblem(await decide(less, 'approved'), 409, 'CHANGE_ORDER_DECIDED')
    expect(await snapshot(t)).toBe(before)
  })

  it('adds to the last draw due when done, not to a later one', async () => {
    await signed(t, client.headers, 'excavation', 800_000)
    const plan = [
      { label: 'Deposit', amount: 80_000, due: 'signing' },
      { label: 'Balance', amount: 620_000, due: 'done' },
      { label: 'Retainage', amount: 100_000, due: 'inspection' },
    ]
    moneyOf(
      await callRaw(t, 'setDraws', { body: { step: 'excavation', draws: plan } }, client.headers),
    )
    const id = await proposed('excavation', 5_000)
    const step = stepIn(moneyOf(await decide(id, 'approved')), 'excavation')
    expect(step.draws.map((d) => d.amount)).toEqual([80_000, 625_000, 100_000])
  })

  it('refuses to take the Balance below what was paid on it, and changes nothing', async () => {
    await signed(t, client.headers, 'excavation', 800_000)
    moneyOf(
      await pay(t, client.headers, await drawId(t, client.headers, 'excavation', 1), 700_000),
      201,
    )
    const id = await proposed('excavation', -30_000)
    const before = await snapshot(t)
    expectProblem(await decide(id, 'approved'), 409, 'DRAW_BELOW_PAID')
    expect(await snapshot(t)).toBe(before)
    const ok = await proposed('excavation', -20_000)
    expect(stepIn(moneyOf(await decide(ok, 'approved')), 'excavation').committed).toBe(780_000)
  })

  it('answers 409 NO_CONTRACT on a step without an accepted quote', async () => {
    const before = await snapshot(t)
    expectProblem(await propose('steel', 10_000), 409, 'NO_CONTRACT')
    expect(await snapshot(t)).toBe(before)
  })
})

describe('warnings and dates', () => {
  it('warns PAID_AHEAD_OF_WORK when the Balance is paid before the step is done', async () => {
    await signed(t, client.headers, 'excavation', 800_000)
    // Its quote names no trade (PRODUCT.md §13).
    expect((await money()).warnings.map((w) => w.code)).toEqual(['NO_TRADE'])
    const balance = await drawId(t, client.headers, 'excavation', 1)
    const paid = moneyOf(await pay(t, client.headers, balance, 720_000), 201)
    expect(paid.warnings).toEqual([
      {
        code: 'PAID_AHEAD_OF_WORK',
        step: 'excavation',
        message: expect.stringContaining('ahead of the work') as string,
      },
      expect.objectContaining({ code: 'NO_TRADE', step: 'excavation' }),
    ])
    expect(stepIn(paid, 'excavation').warnings.map((w) => w.code)).toEqual([
      'PAID_AHEAD_OF_WORK',
      'NO_TRADE',
    ])
  })

  it('warns QUOTE_FAR_OFF for a $15,800 excavation quote on the reference pool', async () => {
    const design = { Title: 'Pool Design', choices: REFERENCE_POOL }
    expect((await callRaw(t, 'editPool', { body: design }, client.headers)).statusCode).toBe(200)
    await signed(t, client.headers, 'excavation', 1_580_000)
    const now = await money()
    expect(stepIn(now, 'excavation').estimate).toBeLessThan(1_000_000)
    expect(now.warnings.map((w) => [w.step, w.code])).toContainEqual([
      'excavation',
      'QUOTE_FAR_OFF',
    ])
  })

  it('dates the draws from the timeline once the start date is set', async () => {
    await signed(t, client.headers, 'excavation', 800_000)
    const started = await callRaw(
      t,
      'setTimelineStart',
      { body: { startDate: '2030-03-04' } },
      client.headers,
    )
    const timeline = Timeline.parse((started.json() as { Data: unknown }).Data)
    const forecast = timeline.steps.find((s) => s.step === 'excavation')?.forecast
    const [deposit, balance] = stepIn(await money(), 'excavation').draws
    expect(deposit?.dueOn).toBe('2030-03-01')
    expect(balance?.dueOn).toBe(forecast?.end)
    expect(balance?.dueOn).not.toBeNull()
  })
})

describe('whose money', () => {
  it("never reads or writes another client's contracts, draws, payments or change orders", async () => {
    await signed(t, client.headers, 'excavation', 800_000)
    const deposit = await drawId(t, client.headers, 'excavation', 0)
    const paid = moneyOf(await pay(t, client.headers, deposit, 10_000), 201)
    const paymentId = stepIn(paid, 'excavation').draws[0]?.payments[0]?.id ?? ''
    const order = await proposed('excavation', 10_000)
    const stranger = await newClient(t, 'stranger@example.com')
    const theirs = await money(stranger.headers)
    expect(theirs.steps.every((s) => s.contract === null && s.draws.length === 0)).toBe(true)
    expect(theirs.totals).toMatchObject({ committed: 0, paid: 0 })

    const before = await snapshot(t)
    expectProblem(await pay(t, stranger.headers, deposit, 1), 404)
    const deleted = callRaw(t, 'deletePayment', { id: paymentId }, stranger.headers)
    expectProblem(await deleted, 404)
    expectProblem(await decide(order, 'approved', stranger.headers), 404)
    // Steps name the caller's own contracts: the stranger has none.
    const plan = [{ label: 'All', amount: 800_000, due: 'signing' }]
    const draws = await callRaw(
      t,
      'setDraws',
      { body: { step: 'excavation', draws: plan } },
      stranger.headers,
    )
    expectProblem(draws, 409, 'NO_CONTRACT')
    expectProblem(await propose('excavation', 5, stranger.headers), 409, 'NO_CONTRACT')
    expect(await snapshot(t)).toBe(before)
  })

  it('gives the back office each client’s committed and paid; deleting the client deletes them', async () => {
    await signed(t, client.headers, 'excavation', 800_000)
    await signed(t, client.headers, 'permits', 45_000)
    moneyOf(await decide(await proposed('excavation', 12_345), 'approved'))
    const deposit = await drawId(t, client.headers, 'excavation', 0)
    moneyOf(await pay(t, client.headers, deposit, 30_000), 201)
    moneyOf(await pay(t, client.headers, deposit, 5_000), 201)
    await proposed('excavation', 99_999)
    await newClient(t, 'idle@example.com')
    const res = await callRaw(t, 'adminFetch', {}, admin)
    expect(res.statusCode, res.body).toBe(200)
    const { Clients } = AdminFetchData.parse((res.json() as { Data: unknown }).Data)
    expect(Clients.map((c) => [c.email, c.committed, c.paid])).toEqual([
      ['c@example.com', 857_345, 35_000],
      ['idle@example.com', 0, 0],
    ])

    const removed = await callRaw(t, 'deleteClient', { id: client.id }, admin)
    expect(removed.statusCode, removed.body).toBe(200)
    for (const table of [contracts, draws, payments, changeOrders])
      expect(await t.app.db.select().from(table)).toEqual([])
  })
})

describe('the money migration', () => {
  it('signs the quotes accepted before contracts existed, with the default plan', async () => {
    const excavation = await signed(t, client.headers, 'excavation', 800_000)
    const permits = await signed(t, client.headers, 'permits', 1_500_000)
    const expected = await money()
    await t.app.db.delete(contracts)
    const migration = fs.readFileSync(
      new URL('../../server/db/migrations/0005_money.sql', import.meta.url),
      'utf8',
    )
    const backfill = migration.slice(migration.indexOf('-- Quotes accepted before'))
    for (const statement of backfill.split('--> statement-breakpoint'))
      await t.app.db.execute(sql.raw(statement))
    const backfilled = await money()
    for (const [step, quoteId] of [
      ['excavation', excavation],
      ['permits', permits],
    ] as const) {
      const { contract, draws: plan } = stepIn(backfilled, step)
      expect(contract?.quoteId).toBe(quoteId)
      const shape = (s: typeof plan) => s.map(({ label, amount, due }) => ({ label, amount, due }))
      expect(shape(plan)).toEqual(shape(stepIn(expected, step).draws))
    }
  })
})
