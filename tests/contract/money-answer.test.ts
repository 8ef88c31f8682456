import { describe, expect, it } from 'vitest'
import { DEFAULT_SCHEDULE } from '../../contract/construction'
import { moneyOf, type MoneyRows } from '../../contract/money-answer'
import type { ProjectFacts } from '../../contract/project-facts'
import { timeline } from '../../contract/scheduling'
import { emptyPoolData, stage, uuid } from '../machines/fixtures'

const TODAY = '2030-06-20'
const SIGNED = '2030-06-01'
// Built in each test, not when the file loads: Stryker's mutants are active only in a test.
const factsOf = (recorded: Pick<ProjectFacts, 'steps' | 'inspections'> = NOTHING_RECORDED) => ({
  project: { stages: [stage(1)], poolData: emptyPoolData(), Engineers: [] },
  timeline: timeline(
    { startDate: SIGNED, baseline: null, ...recorded },
    DEFAULT_SCHEDULE,
    TODAY,
    [],
  ),
  today: TODAY,
})
const NOTHING_RECORDED = { steps: {}, inspections: {} }

const contract = {
  id: uuid(10),
  step: 'excavation',
  quoteId: uuid(11),
  vendor: 'Dig Co',
  amount: 50_000,
  signedOn: SIGNED,
  tradeId: uuid(12),
  tradeCompany: 'Dig Co',
}
const deposit = {
  id: uuid(20),
  contractId: contract.id,
  label: 'Deposit',
  amount: 10_000,
  due: 'signing' as const,
  lienWaiverFileId: null,
  conditionalWaiverFileId: uuid(21),
}
const balance = { ...deposit, id: uuid(22), label: 'Balance', amount: 45_000, due: 'done' as const }

const rows: MoneyRows = {
  contracts: [contract],
  draws: [deposit, balance, { ...deposit, id: uuid(23), contractId: uuid(99) }],
  payments: [
    {
      id: uuid(30),
      drawId: deposit.id,
      paidOn: SIGNED,
      amount: 10_000,
      method: 'check',
      reference: '1001',
      acknowledged: false,
    },
  ],
  notices: [
    { id: uuid(40), claimant: 'Rebar Supply', tradeId: contract.tradeId },
    { id: uuid(41), claimant: 'Other Co', tradeId: uuid(98) },
  ],
  noticeWaivers: [
    {
      drawId: deposit.id,
      noticeId: uuid(40),
      conditionalFileId: uuid(42),
      unconditionalFileId: null,
    },
  ],
  paymentRequests: [
    {
      id: uuid(50),
      drawId: balance.id,
      amount: 20_000,
      invoiceFileId: uuid(51),
      conditionalWaiverFileId: null,
      requestedAt: new Date('2030-06-10T12:00:00Z'),
      status: 'open',
    },
  ],
  changeOrders: [
    {
      id: uuid(60),
      contractId: contract.id,
      description: 'Rock',
      amount: 5_000,
      status: 'approved',
      createdAt: new Date('2030-06-05T09:00:00Z'),
    },
    {
      id: uuid(61),
      contractId: contract.id,
      description: 'More rock',
      amount: 7_000,
      status: 'proposed',
      createdAt: new Date('2030-06-06T09:00:00Z'),
    },
    {
      id: uuid(62),
      contractId: uuid(99),
      description: 'Elsewhere',
      amount: 1,
      status: 'approved',
      createdAt: new Date('2030-06-07T09:00:00Z'),
    },
  ],
}

const answerOf = (of: MoneyRows) => {
  const money = moneyOf(of, factsOf())
  return { money, excavation: money.steps.find((s) => s.step === 'excavation') }
}

describe('the Money answer', () => {
  it("reads a step's contract, its change orders and what is committed and paid", () => {
    const { money, excavation } = answerOf(rows)
    expect(excavation).toMatchObject({
      title: 'Excavation',
      estimate: 50_000,
      contract: { quoteId: uuid(11), vendor: 'Dig Co', amount: 50_000 },
      committed: 55_000,
      paid: 10_000,
    })
    expect(excavation?.changeOrders).toEqual([
      {
        id: uuid(60),
        description: 'Rock',
        amount: 5_000,
        status: 'approved',
        createdAt: '2030-06-05T09:00:00.000Z',
      },
      {
        id: uuid(61),
        description: 'More rock',
        amount: 7_000,
        status: 'proposed',
        createdAt: '2030-06-06T09:00:00.000Z',
      },
    ])
    expect(money.totals).toEqual({
      // Excavation's flat price and the city's permit fee: the only steps priced here.
      estimate: 50_000 + 45_000,
      committed: 55_000,
      paid: 10_000,
      remaining: 45_000,
    })
  })

  it("reads each draw of the contract with its payments, requests and notices' waivers", () => {
    const { excavation } = answerOf(rows)
    expect(excavation?.draws.map((d) => d.id)).toEqual([deposit.id, balance.id])
    expect(excavation?.draws[0]).toEqual({
      id: deposit.id,
      label: 'Deposit',
      amount: 10_000,
      due: 'signing',
      dueOn: SIGNED,
      paid: 10_000,
      payments: [
        { id: uuid(30), paidOn: SIGNED, amount: 10_000, method: 'check', reference: '1001' },
      ],
      conditionalWaiverFileId: uuid(21),
      unconditionalWaiverFileId: null,
      lienWaiverFileId: null,
      requests: [],
      noticeWaivers: [
        {
          noticeId: uuid(40),
          claimant: 'Rebar Supply',
          conditionalWaiverFileId: uuid(42),
          unconditionalWaiverFileId: null,
        },
      ],
    })
    expect(excavation?.draws[1]).toMatchObject({
      paid: 0,
      payments: [],
      requests: [
        {
          id: uuid(50),
          amount: 20_000,
          invoiceFileId: uuid(51),
          conditionalWaiverFileId: null,
          requestedAt: '2030-06-10T12:00:00.000Z',
          status: 'open',
        },
      ],
      noticeWaivers: [
        {
          noticeId: uuid(40),
          claimant: 'Rebar Supply',
          conditionalWaiverFileId: null,
          unconditionalWaiverFileId: null,
        },
      ],
    })
  })

  it("warns of a notice's claimant unwaived ten days after a payment, named by its step", () => {
    const { money, excavation } = answerOf(rows)
    expect(money.warnings).toContainEqual(
      expect.objectContaining({ code: 'NOTICE_UNWAIVED', step: 'excavation' }),
    )
    expect(excavation?.warnings.map((w) => w.code)).not.toContain('NO_TRADE')
  })

  it('asks who does the work of a licensed step whose contract names no trade', () => {
    const noTrade = { ...contract, tradeId: null, tradeCompany: null }
    const steps = moneyOf({ ...rows, contracts: [noTrade] }, factsOf()).steps
    expect(steps.find((s) => s.step === 'excavation')?.warnings).toContainEqual({
      code: 'NO_TRADE',
      message: 'Record who does this work to check their licence and insurance',
    })
  })

  it('answers a step without a contract with nothing committed', () => {
    const { money } = answerOf(rows)
    expect(money.steps.find((s) => s.step === 'steel')).toMatchObject({
      contract: null,
      changeOrders: [],
      committed: 0,
      paid: 0,
      draws: [],
      warnings: [],
    })
  })

  const payOn = (drawId: string, amount: number) => ({
    id: uuid(31),
    drawId,
    paidOn: TODAY,
    amount,
    method: 'check' as const,
    reference: '1002',
    acknowledged: false,
  })
  const aheadOfWork = (of: MoneyRows, recorded?: Pick<ProjectFacts, 'steps' | 'inspections'>) =>
    moneyOf(of, factsOf(recorded))
      .warnings.filter((w) => w.code === 'PAID_AHEAD_OF_WORK')
      .map((w) => w.step)

  it("dates a draw due when the step is done on the step's forecast end, then on its day done", () => {
    const forecastEnd = factsOf().timeline.steps.find((s) => s.step === 'excavation')?.forecast.end
    expect(answerOf(rows).excavation?.draws[1]?.dueOn).toBe(forecastEnd)
    const done = { excavation: { startedOn: '2030-06-02', doneOn: '2030-06-12' } }
    const recorded = moneyOf(rows, factsOf({ steps: done, inspections: {} }))
    expect(recorded.steps.find((s) => s.step === 'excavation')?.draws[1]?.dueOn).toBe('2030-06-12')
  })

  it('warns of a balance paid before the timeline records the step done, not after', () => {
    const paidBalance = { ...rows, payments: [...rows.payments, payOn(balance.id, 45_000)] }
    expect(aheadOfWork(paidBalance)).toEqual(['excavation'])
    const started = { excavation: { startedOn: '2030-06-02', doneOn: null } }
    expect(aheadOfWork(paidBalance, { steps: started, inspections: {} })).toEqual(['excavation'])
    const done = { excavation: { startedOn: '2030-06-02', doneOn: '2030-06-12' } }
    expect(aheadOfWork(paidBalance, { steps: done, inspections: {} })).toEqual([])
  })

  it('takes a draw due at the inspection as due once the inspection after the step passed', () => {
    const steelContract = { ...contract, id: uuid(13), step: 'steel', tradeCompany: null }
    const steelDraw = {
      ...deposit,
      id: uuid(24),
      contractId: steelContract.id,
      due: 'inspection' as const,
    }
    const steel: MoneyRows = {
      ...rows,
      contracts: [steelContract],
      draws: [steelDraw],
      payments: [payOn(steelDraw.id, 10_000)],
    }
    const done = { steel: { startedOn: '2030-06-02', doneOn: '2030-06-05' } }
    const inspected = (status: 'failed' | 'passed') => ({
      steps: done,
      inspections: {
        'pre-gunite': { status, date: '2030-06-08', notes: '', history: [] },
      },
    })
    expect(aheadOfWork(steel, { steps: done, inspections: {} })).toEqual(['steel'])
    expect(aheadOfWork(steel, inspected('failed'))).toEqual(['steel'])
    expect(aheadOfWork(steel, inspected('passed'))).toEqual([])
  })

  it("checks no waivers of a contract whose quote names no trade's company", () => {
    const { excavation } = answerOf({ ...rows, contracts: [{ ...contract, tradeCompany: null }] })
    // The payment's own lien waiver is still asked for; the notices' are not.
    expect(excavation?.warnings.map((w) => w.code)).toEqual(['MISSING_LIEN_WAIVER'])
  })

  it('asks for no trade on a step that needs no licence', () => {
    const permits = { ...contract, step: 'permits', tradeId: null, tradeCompany: null }
    const { money } = answerOf({ ...rows, contracts: [permits], draws: [], changeOrders: [] })
    const codes = money.steps.find((s) => s.step === 'permits')?.warnings.map((w) => w.code)
    expect(codes).toEqual(['OVER_ESTIMATE'])
    expect(money.totals).toMatchObject({ committed: 50_000, paid: 0, remaining: 50_000 })
  })
})
