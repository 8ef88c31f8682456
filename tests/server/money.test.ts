import { beforeEach, describe, expect, it } from 'vitest'
import { type MoneyStep, type StepSlug } from '../../contract'
import { expectProblem, snapshot } from '../support/http'
import { call, callRaw } from '../support/call'
import { austinPerTest, newClient } from './client-kit'
import { pdf, uploaded } from './files-kit'
import {
  acceptQuote,
  addQuote,
  drawId,
  getMoney,
  moneyOf,
  pay,
  removeQuote,
  signed,
  stepIn,
} from './money-kit'
import { setToday } from './timeline-kit'

const { t, client } = austinPerTest()
beforeEach(async () => {
  setToday(t, '2030-03-01')
})

const money = () => getMoney(t, client.headers)
type Row = { id?: string; label: string; amount: number; due: string }
const setDraws = (step: StepSlug, draws: Row[]) =>
  callRaw(t, 'setDraws', { body: { step, draws } }, client.headers)

describe('contracts follow the accepted quote', () => {
  it('accepting a quote signs its contract today with the default plan', async () => {
    const quoteId = await signed(t, client.headers, 'excavation', 800_000)
    await signed(t, client.headers, 'permits', 1_500_000)
    const now = await money()
    expect(stepIn(now, 'excavation')).toMatchObject({
      contract: { quoteId, vendor: 'Dig Co', amount: 800_000 },
      committed: 800_000,
      paid: 0,
      draws: [
        { label: 'Deposit', amount: 80_000, due: 'signing', dueOn: '2030-03-01', paid: 0 },
        { label: 'Balance', amount: 720_000, due: 'done', dueOn: null, paid: 0 },
      ],
    })
    // California caps a deposit at $1,000, on a non-stage step too.
    expect(stepIn(now, 'permits').draws.map((d) => d.amount)).toEqual([100_000, 1_400_000])
    expect(now.totals).toMatchObject({ committed: 2_300_000, paid: 0, remaining: 2_300_000 })
    expect(now.cashflow).toEqual([{ month: '2030-03', planned: 180_000, paid: 0 }])
  })

  type Action = 'accept another' | 'accept the same' | 'remove the accepted' | 'remove another'
  const lifeCycle: { action: Action; paid: boolean; status: number; contract: string }[] = [
    { action: 'accept another', paid: false, status: 200, contract: 'replaced' },
    { action: 'accept another', paid: true, status: 409, contract: 'kept' },
    { action: 'accept the same', paid: true, status: 200, contract: 'kept' },
    { action: 'remove the accepted', paid: false, status: 200, contract: 'gone' },
    { action: 'remove the accepted', paid: true, status: 409, contract: 'kept' },
    { action: 'remove another', paid: true, status: 200, contract: 'kept' },
  ]
  describe.each(['excavation', 'engineering'] as const)('on %s', (step) => {
    it.each(lifeCycle)(
      '$action with payments: $paid → $status, contract $contract',
      async ({ action, paid, status, contract }) => {
        const first = await signed(t, client.headers, step, 800_000)
        const other = await addQuote(t, client.headers, step, 900_000, 'Other Co')
        const deposit = await drawId(t, client.headers, step, 0)
        const proposed = await callRaw(
          t,
          'addChangeOrder',
          { body: { step, description: 'More rock', amount: 10_000 } },
          client.headers,
        )
        expect(proposed.statusCode).toBe(201)
        if (paid) moneyOf(await pay(t, client.headers, deposit, 50_000), 201)
        const before = await snapshot(t)
        const res = await {
          'accept another': () => acceptQuote(t, client.headers, step, other),
          'accept the same': () => acceptQuote(t, client.headers, step, first),
          'remove the accepted': () => removeQuote(t, client.headers, step, first),
          'remove another': () => removeQuote(t, client.headers, step, other),
        }[action]()
        if (status === 409) {
          expectProblem(res, 409, 'CONTRACT_HAS_PAYMENTS')
          expect(await snapshot(t)).toBe(before)
        } else expect(res.statusCode, res.body).toBe(200)
        const after = stepIn(await money(), step)
        if (contract === 'gone') expect(after).toMatchObject({ contract: null, draws: [] })
        if (contract === 'replaced') {
          expect(after.contract).toEqual({ quoteId: other, vendor: 'Other Co', amount: 900_000 })
          expect(after.draws.map((d) => d.amount)).toEqual([90_000, 810_000])
          expect(after.changeOrders).toEqual([])
        }
        if (contract === 'kept') {
          expect(after.contract?.quoteId).toBe(first)
          expect(after.draws[0]).toMatchObject({ id: deposit, paid: paid ? 50_000 : 0 })
          expect(after.changeOrders).toHaveLength(1)
        }
      },
    )
  })
})

describe('a payment racing a new accepted quote', () => {
  it('either lands on the old contract, which is then kept, or finds its draw gone', async () => {
    const first = await signed(t, client.headers, 'excavation', 800_000)
    const other = await addQuote(t, client.headers, 'excavation', 900_000, 'Other Co')
    const deposit = await drawId(t, client.headers, 'excavation', 0)
    const [paid, accepted] = await Promise.all([
      pay(t, client.headers, deposit, 50_000),
      acceptQuote(t, client.headers, 'excavation', other),
    ])
    const after = stepIn(await money(), 'excavation')
    if (paid.statusCode === 201) {
      expectProblem(accepted, 409, 'CONTRACT_HAS_PAYMENTS')
      expect(after).toMatchObject({ contract: { quoteId: first }, paid: 50_000 })
    } else {
      expectProblem(paid, 404, 'NOT_FOUND')
      expect(accepted.statusCode).toBe(200)
      expect(after).toMatchObject({ contract: { quoteId: other }, paid: 0 })
    }
  })
})

describe('PUT /api/draws', () => {
  const plan = [
    { label: 'Deposit', amount: 50_000, due: 'signing' },
    { label: 'Dig', amount: 400_000, due: 'start' },
    { label: 'Balance', amount: 350_000, due: 'inspection' },
  ]

  it('replaces the plan when it adds up to the committed cost', async () => {
    await signed(t, client.headers, 'excavation', 800_000)
    const deposit = await drawId(t, client.headers, 'excavation', 0)
    const step = stepIn(moneyOf(await setDraws('excavation', plan)), 'excavation')
    expect(step.draws.map(({ label, amount, due }) => ({ label, amount, due }))).toEqual(plan)
    // The draw with the row's label keeps its id (and so its payments).
    expect(step.draws[0]?.id).toBe(deposit)
  })

  it('refuses a plan that does not add up, saying by how much, and changes nothing', async () => {
    await signed(t, client.headers, 'excavation', 800_000)
    const before = await snapshot(t)
    const short = expectProblem(
      await setDraws('excavation', plan.slice(0, 2)),
      400,
      'DRAWS_MUST_SUM',
    )
    const message = 'The draws add up to $3,500 less than the $8,000 committed'
    expect(short.detail).toBe(message)
    expect(short.errors).toEqual({ draws: [message] })
    const over = [...plan, { label: 'Extra', amount: 1, due: 'done' }]
    expect(expectProblem(await setDraws('excavation', over), 400, 'DRAWS_MUST_SUM').detail).toBe(
      'The draws add up to $0.01 more than the $8,000 committed',
    )
    expect(await snapshot(t)).toBe(before)
  })

  it('answers 409 NO_CONTRACT on a step without an accepted quote', async () => {
    const before = await snapshot(t)
    expectProblem(await setDraws('steel', plan), 409, 'NO_CONTRACT')
    expect(await snapshot(t)).toBe(before)
  })

  it('keeps payments with their draw, and refuses to drop or shrink a paid draw', async () => {
    await signed(t, client.headers, 'excavation', 800_000)
    const balance = await drawId(t, client.headers, 'excavation', 1)
    moneyOf(await pay(t, client.headers, balance, 300_000), 201)
    const before = await snapshot(t)
    const dropped = [{ label: 'All', amount: 800_000, due: 'signing' }]
    expectProblem(await setDraws('excavation', dropped), 409, 'DRAW_BELOW_PAID')
    const shrunk = [
      { label: 'Deposit', amount: 600_000, due: 'signing' },
      { label: 'Balance', amount: 200_000, due: 'done' },
    ]
    expectProblem(await setDraws('excavation', shrunk), 409, 'DRAW_BELOW_PAID')
    expect(await snapshot(t)).toBe(before)
    const kept = stepIn(moneyOf(await setDraws('excavation', plan)), 'excavation')
    expect(kept.draws[2]).toMatchObject({ id: balance, label: 'Balance', amount: 350_000 })
    expect(kept.draws[2]?.payments.map((p) => p.amount)).toEqual([300_000])
    expect(kept.paid).toBe(300_000)
  })
})

describe('PUT /api/draws keeps each payment and lien waiver with its draw', () => {
  const deposit = { label: 'Deposit', amount: 50_000, due: 'signing' }
  const start = { label: 'Start', amount: 150_000, due: 'start' }
  const insp = { label: 'Insp', amount: 100_000, due: 'inspection' }
  const balance = { label: 'Balance', amount: 195_000, due: 'done' }

  /**
   * QA's Steel: four draws, three of them paid, a lien waiver on the Deposit. Answers the draws'
   * ids by label and the waiver's id.
   */
  async function steelPaid() {
    await signed(t, client.headers, 'steel', 495_000)
    moneyOf(await setDraws('steel', [deposit, start, insp, balance]))
    const ids = {
      Deposit: await drawId(t, client.headers, 'steel', 0),
      Start: await drawId(t, client.headers, 'steel', 1),
      Insp: await drawId(t, client.headers, 'steel', 2),
      Balance: await drawId(t, client.headers, 'steel', 3),
    }
    moneyOf(await pay(t, client.headers, ids.Deposit, 50_000), 201)
    moneyOf(await pay(t, client.headers, ids.Start, 1_000), 201)
    moneyOf(await pay(t, client.headers, ids.Balance, 100_000), 201)
    const waiver = await uploaded(
      t,
      client.headers,
      { name: 'waiver.pdf', bytes: pdf() },
      { kind: 'lien-waiver' },
    )
    moneyOf(
      await callRaw(
        t,
        'setLienWaiver',
        { id: ids.Deposit, body: { fileId: waiver.id } },
        client.headers,
      ),
    )
    return { ids, waiver: waiver.id }
  }

  const drawsOf = (step: MoneyStep) =>
    step.draws.map(({ id, label, amount, paid, lienWaiverFileId }) => ({
      id,
      label,
      amount,
      paid,
      lienWaiverFileId,
    }))

  it('follows the labels when the rows are reordered, and orders the draws as sent', async () => {
    const { ids, waiver } = await steelPaid()
    const reordered = [
      { ...balance, label: ' balance ' },
      { ...deposit, label: 'DEPOSIT' },
      start,
      insp,
    ]
    const after = stepIn(moneyOf(await setDraws('steel', reordered)), 'steel')
    expect(drawsOf(after)).toEqual([
      { id: ids.Balance, label: 'balance', amount: 195_000, paid: 100_000, lienWaiverFileId: null },
      { id: ids.Deposit, label: 'DEPOSIT', amount: 50_000, paid: 50_000, lienWaiverFileId: waiver },
      { id: ids.Start, label: 'Start', amount: 150_000, paid: 1_000, lienWaiverFileId: null },
      { id: ids.Insp, label: 'Insp', amount: 100_000, paid: 0, lienWaiverFileId: null },
    ])
    expect(stepIn(await getMoney(t, client.headers), 'steel')).toEqual(after)
  })

  it('follows the ids even when the labels change, before any label', async () => {
    const { ids, waiver } = await steelPaid()
    const after = stepIn(
      moneyOf(
        await setDraws('steel', [
          { ...balance, id: ids.Balance, label: 'Final' },
          // The Deposit renamed "Balance": the Balance row above has already claimed its draw.
          { ...deposit, id: ids.Deposit, label: 'Balance' },
          // "Deposit" is claimed by id, so this row takes the first draw left: Start.
          { ...start, label: 'Deposit' },
          insp,
        ]),
      ),
      'steel',
    )
    expect(drawsOf(after)).toEqual([
      { id: ids.Balance, label: 'Final', amount: 195_000, paid: 100_000, lienWaiverFileId: null },
      { id: ids.Deposit, label: 'Balance', amount: 50_000, paid: 50_000, lienWaiverFileId: waiver },
      { id: ids.Start, label: 'Deposit', amount: 150_000, paid: 1_000, lienWaiverFileId: null },
      { id: ids.Insp, label: 'Insp', amount: 100_000, paid: 0, lienWaiverFileId: null },
    ])
  })

  it('refuses an id that is not one of the step’s draws, or twice the same, changing nothing', async () => {
    const { ids } = await steelPaid()
    await signed(t, client.headers, 'excavation', 800_000)
    const otherStep = await drawId(t, client.headers, 'excavation', 0)
    const other = await newClient(t, 'other@example.com')
    await signed(t, other.headers, 'steel', 495_000)
    const theirs = await drawId(t, other.headers, 'steel', 0)
    const before = await snapshot(t)
    for (const id of [crypto.randomUUID(), otherStep, theirs]) {
      const res = await setDraws('steel', [deposit, start, insp, { ...balance, id }])
      expect(expectProblem(res, 404, 'NOT_FOUND').detail).toBe('No such draw.')
    }
    const twice = [{ ...deposit, id: ids.Deposit }, { ...start, id: ids.Deposit }, insp, balance]
    expect(expectProblem(await setDraws('steel', twice), 400).errors).toEqual({
      draws: ['Each draw can appear only once'],
    })
    expect(await snapshot(t)).toBe(before)
  })

  it('answers 409 naming the paid draw that would be removed or owe less than was paid', async () => {
    const { ids } = await steelPaid()
    const before = await snapshot(t)
    const dropped = expectProblem(
      await setDraws('steel', [deposit, { ...balance, amount: 445_000 }]),
      409,
      'DRAW_BELOW_PAID',
    )
    expect(dropped.detail).toBe(
      '$10 is already paid on “Start”: a draw with payments cannot be removed.',
    )
    const shrunk = expectProblem(
      await setDraws('steel', [
        deposit,
        start,
        { ...insp, amount: 195_001 },
        { ...balance, amount: 99_999 },
      ]),
      409,
      'DRAW_BELOW_PAID',
    )
    expect(shrunk.detail).toBe(
      '$1,000 is already paid on “Balance”: a draw cannot owe less than was paid on it.',
    )
    expect(await snapshot(t)).toBe(before)
    // An unpaid draw may go.
    const after = stepIn(
      moneyOf(await setDraws('steel', [deposit, { ...start, amount: 250_000 }, balance])),
      'steel',
    )
    expect(after.draws.map((d) => d.id)).toEqual([ids.Deposit, ids.Start, ids.Balance])
    expect(after.paid).toBe(151_000)
  })
})

describe('POST /api/draws/{id}/payments and DELETE /api/payments/{id}', () => {
  it('records a payment up to what the draw owes, and refuses more', async () => {
    await signed(t, client.headers, 'excavation', 800_000)
    const deposit = await drawId(t, client.headers, 'excavation', 0)
    const paid = moneyOf(await pay(t, client.headers, deposit, 30_000), 201)
    expect(stepIn(paid, 'excavation').draws[0]).toMatchObject({
      paid: 30_000,
      payments: [{ paidOn: '2030-03-01', amount: 30_000, method: 'check', reference: '1001' }],
    })
    expect(paid.totals).toMatchObject({ paid: 30_000, remaining: 770_000 })
    const before = await snapshot(t)
    const over = expectProblem(
      await pay(t, client.headers, deposit, 50_001),
      409,
      'PAYMENT_EXCEEDS_DRAW',
    )
    expect(over.detail).toBe('“Deposit” still owes $500: a payment cannot be more than that.')
    expect(await snapshot(t)).toBe(before)
    moneyOf(await pay(t, client.headers, deposit, 50_000), 201)
  })

  it('never overpays a draw under concurrent payments', async () => {
    await signed(t, client.headers, 'excavation', 800_000)
    const deposit = await drawId(t, client.headers, 'excavation', 0)
    const results = await Promise.all(
      Array.from({ length: 10 }, () => pay(t, client.headers, deposit, 10_000)),
    )
    const statuses = results.map((r) => r.statusCode).sort()
    expect(statuses).toEqual([...Array<number>(8).fill(201), 409, 409])
    expect(stepIn(await money(), 'excavation').draws[0]?.paid).toBe(80_000)
  })

  it('deletes a payment of the caller, and answers 404 to any other id', async () => {
    await signed(t, client.headers, 'excavation', 800_000)
    const deposit = await drawId(t, client.headers, 'excavation', 0)
    const paid = moneyOf(await pay(t, client.headers, deposit, 30_000), 201)
    const paymentId = stepIn(paid, 'excavation').draws[0]?.payments[0]?.id
    const before = await snapshot(t)
    const unknown = { id: crypto.randomUUID() }
    expectProblem(await callRaw(t, 'deletePayment', unknown, client.headers), 404)
    expect(await snapshot(t)).toBe(before)
    const payment = { id: String(paymentId) }
    const after = await call(t, 'deletePayment', payment, client.headers)
    expect(stepIn(after, 'excavation').draws[0]).toMatchObject({ paid: 0, payments: [] })
    expectProblem(await callRaw(t, 'deletePayment', payment, client.headers), 404)
  })
})
