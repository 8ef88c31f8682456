import { describe, expect, it } from 'vitest'
import type { ProjectData } from '../../contract/budget'
import type { Stage } from '../../contract/domain'
import type { StepSlug } from '../../contract/construction'
import { quantities, REFERENCE_POOL } from '../../contract/estimator'
import {
  bandOf,
  committedOf,
  defaultDraws,
  designRipple,
  drawsShortBy,
  drawsSumMessage,
  projectRipple,
  quoteBasis,
  quoteCheck,
  quoteCheckWords,
  requestsPaidBy,
  type QuoteBand,
} from '../../contract/money-rules'
import {
  cashflow,
  dueOn,
  inspectionAfter,
  isDue,
  stepWarnings,
  type StepProgress,
  type WarningFacts,
} from '../../contract/money-timing'
import type { DrawDue } from '../../contract/money'
import { emptyPoolData, nonStageEntry, stage, stageEntry } from '../machines/fixtures'
import { projectQuote } from '../machines/project-fixtures'

// The reference pool (32 × 16 ft, 3.5–6 ft deep): 130.33 yd³ of dig, 968 ft² of surface, 96 ft
// of perimeter. Its excavation estimate is $500 + $60 × 130.33 = $8,320 (to whole dollars).
const REFERENCE = quantities(REFERENCE_POOL)
const EXCAVATION_ESTIMATE = 832_000

describe('the quote check', () => {
  it.each<[number, QuoteBand]>([
    [1, 'typical'],
    [1.15, 'typical'],
    [0.85, 'typical'],
    [1.16, 'high'],
    [1.35, 'high'],
    [0.8, 'low'],
    [0.65, 'low'],
    [1.36, 'far-above'],
    [2, 'far-above'],
    [0.64, 'far-below'],
  ])('a quote %s times the expected price is %s', (ratio, band) => {
    expect(bandOf(ratio)).toBe(band)
  })

  it('prices a $15,800 excavation quote on the reference pool per yd³ of dig: far above', () => {
    const check = quoteCheck(1_580_000, {
      estimate: EXCAVATION_ESTIMATE,
      metered: { unit: 'dig_yd3', quantity: REFERENCE.digYd3 },
    })
    expect(REFERENCE.digYd3).toBeCloseTo(130.33, 2)
    expect(check).toEqual({
      band: 'far-above',
      percent: 90,
      perUnit: { implied: 12_123, typical: 6_384, unit: 'yd³ of dig' },
    })
    expect(quoteCheckWords(check)).toBe(
      '$121.23 per yd³ of dig · typical $63.84 · far above — check what it includes',
    )
  })

  it('says a typical metered quote is typical once, beside the typical unit price', () => {
    const check = quoteCheck(800_000, {
      estimate: EXCAVATION_ESTIMATE,
      metered: { unit: 'dig_yd3', quantity: REFERENCE.digYd3 },
    })
    expect(check.band).toBe('typical')
    expect(quoteCheckWords(check)).toBe('$61.38 per yd³ of dig · typical $63.84')
  })

  it('compares a flat step with its estimate alone', () => {
    const check = quoteCheck(300_000, { estimate: 350_000, metered: null })
    expect(check).toEqual({ band: 'typical', percent: -14, perUnit: null })
    expect(quoteCheckWords(check)).toBe('typical (−14 %) against the estimate')
  })
})

describe('draws', () => {
  it.each([
    [832_000, [83_200, 748_800]], // 10 %
    [1_580_000, [100_000, 1_480_000]], // capped at $1,000
    [1_000_000, [100_000, 900_000]], // exactly at the cap
    [5, [1, 4]],
  ])('a %s-cent contract starts with a deposit and a balance: %j', (amount, [deposit, balance]) => {
    expect(defaultDraws(amount)).toEqual([
      { label: 'Deposit', amount: deposit, due: 'signing' },
      { label: 'Balance', amount: balance, due: 'done' },
    ])
  })

  it('a free contract has only its (empty) balance', () => {
    expect(defaultDraws(0)).toEqual([{ label: 'Balance', amount: 0, due: 'done' }])
  })

  it('says how far a plan is from the committed cost, either way', () => {
    const plan = [{ amount: 50_000 }, { amount: 60_000 }]
    expect(drawsShortBy(plan, 120_000)).toBe(10_000)
    expect(drawsShortBy(plan, 110_000)).toBe(0)
    expect(drawsSumMessage(10_000, 120_000)).toBe(
      'The draws add up to $100 less than the $1,200 committed',
    )
    expect(drawsSumMessage(-2_550, 120_000)).toBe(
      'The draws add up to $25.50 more than the $1,200 committed',
    )
  })

  it('commits the quote plus the approved change orders only', () => {
    const orders = [
      { amount: 20_000, status: 'approved' as const },
      { amount: 5_000, status: 'proposed' as const },
      { amount: -10_000, status: 'rejected' as const },
      { amount: -30_000, status: 'approved' as const },
    ]
    expect(committedOf(100_000, orders)).toBe(90_000)
  })
})

describe('the design ripple', () => {
  const contracts = [
    { step: 'excavation' as const, amount: 1_580_000, unit: 'dig_yd3' as const },
    { step: 'tile' as const, amount: 480_000, unit: 'perimeter_ft' as const },
    { step: 'electrical' as const, amount: 350_000, unit: 'flat' as const },
    { step: 'extras' as const, amount: 90_000, unit: 'items' as const },
  ]

  it('scales each metered contract by its own rate over the change in quantity', () => {
    const longer = quantities({ ...REFERENCE_POOL, lengthFt: 36 })
    // Dig: 130.33 → 145.67 yd³ at $121.23 per yd³; perimeter: 96 → 104 ft at $50 per ft.
    expect(designRipple(REFERENCE, longer, contracts)).toEqual([
      {
        step: 'excavation',
        title: 'Excavation',
        amount: 185_900,
        description: 'Design change: 130.3 → 145.7 yd³ of dig',
      },
      {
        step: 'tile',
        title: 'Tile & Coping',
        amount: 40_000,
        description: 'Design change: 96 → 104 ft of perimeter',
      },
    ])
  })

  it('a smaller pool gives money back, and an unchanged quantity changes nothing', () => {
    const shallower = quantities({ ...REFERENCE_POOL, deepDepthFt: 5 })
    const lines = designRipple(REFERENCE, shallower, contracts)
    expect(lines.map((l) => l.step)).toEqual(['excavation'])
    expect(lines[0]?.amount).toBeLessThan(0)
    expect(designRipple(REFERENCE, REFERENCE, contracts)).toEqual([])
  })
})

describe('due dates', () => {
  const progress: StepProgress = {
    signedOn: '2030-03-02',
    timeline: {
      startedOn: null,
      doneOn: null,
      forecast: { start: '2030-04-17', end: '2030-04-19' },
    },
    inspection: { status: 'scheduled', date: '2030-04-22' },
  }
  it.each<[DrawDue, Partial<StepProgress>, string | null]>([
    ['signing', {}, '2030-03-02'],
    ['start', {}, '2030-04-17'],
    ['done', {}, '2030-04-19'],
    ['inspection', {}, '2030-04-22'],
    ['inspection', { inspection: null }, '2030-04-19'],
    [
      'start',
      { timeline: { startedOn: '2030-04-18', doneOn: null, forecast: { start: null, end: null } } },
      '2030-04-18',
    ],
    ['done', { timeline: null }, null],
    ['start', { timeline: null }, null],
    ['inspection', { timeline: null, inspection: null }, null],
  ])('a draw due at %s with %j falls due on %s', (due, change, expected) => {
    expect(dueOn(due, { ...progress, ...change })).toBe(expected)
  })

  it.each<[StepSlug, string | null]>([
    ['steel', 'pre-gunite'],
    ['tile', 'pre-deck'],
    ['excavation', null],
  ])("%s's work is checked by the %s inspection", (step, slug) => {
    expect(inspectionAfter(step)).toBe(slug)
  })

  it.each<
    [DrawDue, { started: boolean; done: boolean; inspectionPassed: boolean | null }, boolean]
  >([
    ['signing', { started: false, done: false, inspectionPassed: null }, true],
    ['start', { started: false, done: false, inspectionPassed: null }, false],
    ['start', { started: true, done: false, inspectionPassed: null }, true],
    ['done', { started: true, done: false, inspectionPassed: null }, false],
    ['done', { started: true, done: true, inspectionPassed: false }, true],
    ['inspection', { started: true, done: true, inspectionPassed: false }, false],
    ['inspection', { started: true, done: true, inspectionPassed: true }, true],
    ['inspection', { started: true, done: true, inspectionPassed: null }, true],
  ])('a draw due at %s with %j is due: %s', (due, facts, expected) => {
    expect(isDue(due, facts)).toBe(expected)
  })
})

describe('warnings', () => {
  const base: WarningFacts = {
    title: 'Excavation',
    estimate: EXCAVATION_ESTIMATE,
    committed: 900_000,
    band: 'typical',
    today: '2030-04-17',
    started: false,
    done: false,
    inspectionPassed: null,
    draws: [
      { amount: 90_000, due: 'signing', lienWaiverFileId: 'f', payments: [] },
      { amount: 810_000, due: 'done', lienWaiverFileId: null, payments: [] },
    ],
  }
  const paying = (deposit: number, balance: number, paidOn = '2030-04-16'): WarningFacts['draws'] =>
    base.draws.map((draw, i) => {
      const amount = i === 0 ? deposit : balance
      return { ...draw, payments: amount ? [{ paidOn, amount }] : [] }
    })
  const codes = (facts: Partial<WarningFacts>) =>
    stepWarnings({ ...base, ...facts }).map((w) => w.code)

  it('none while the payments follow the work', () => {
    expect(codes({ draws: paying(90_000, 0) })).toEqual([])
    expect(codes({ done: true, draws: paying(90_000, 810_000) })).toEqual([])
  })

  it('PAID_AHEAD_OF_WORK when the balance is paid before the step is done', () => {
    const [warning] = stepWarnings({ ...base, draws: paying(90_000, 10_000) })
    expect(warning).toEqual({
      code: 'PAID_AHEAD_OF_WORK',
      message: '$1,000 is paid on Excavation, $100 ahead of the work: only $900 is due so far',
    })
  })

  it('MISSING_LIEN_WAIVER once a payment without one is 10 days old', () => {
    expect(codes({ draws: paying(90_000, 0, '2030-04-01') })).toEqual([])
    const unwaived = (paidOn: string): WarningFacts['draws'] => [
      { amount: 90_000, due: 'signing', lienWaiverFileId: null, payments: [{ paidOn, amount: 1 }] },
    ]
    expect(codes({ draws: unwaived('2030-04-07') })).toEqual(['MISSING_LIEN_WAIVER'])
    expect(codes({ draws: unwaived('2030-04-08') })).toEqual([])
    const waived: WarningFacts['draws'][number] = {
      amount: 90_000,
      due: 'signing',
      lienWaiverFileId: 'f',
      payments: [{ paidOn: '2030-04-01', amount: 1 }],
    }
    const waivedAndNot = [waived, ...unwaived('2030-04-07')]
    expect(codes({ draws: waivedAndNot })).toEqual(['MISSING_LIEN_WAIVER'])
  })

  it('OVER_ESTIMATE above 110 % of the estimate, and QUOTE_FAR_OFF for a far band', () => {
    expect(codes({ committed: 915_200 })).toEqual([])
    expect(codes({ committed: 915_201 })).toEqual(['OVER_ESTIMATE'])
    expect(codes({ estimate: null, committed: 10_000_000 })).toEqual([])
    // $5,500 is exactly 110 % of $5,000: not over yet.
    expect(codes({ estimate: 500_000, committed: 550_000 })).toEqual([])
    expect(codes({ estimate: 500_000, committed: 550_001 })).toEqual(['OVER_ESTIMATE'])
    expect(codes({ band: 'far-above' })).toEqual(['QUOTE_FAR_OFF'])
    expect(codes({ band: 'far-below' })).toEqual(['QUOTE_FAR_OFF'])
    expect(codes({ band: 'high' })).toEqual([])
  })

  it('says what each warning is about in words', () => {
    const messages = (facts: Partial<WarningFacts>) =>
      stepWarnings({ ...base, ...facts }).map((w) => w.message)
    expect(messages({ committed: 1_000_000 })).toEqual([
      'Excavation is committed at $10,000, $1,680 over its $8,320 estimate',
    ])
    expect(messages({ band: 'far-above' })).toEqual([
      "Excavation's accepted quote is far above typical — check what it includes",
    ])
    expect(messages({ band: 'far-below' })).toEqual([
      "Excavation's accepted quote is far below typical — check what it includes",
    ])
    expect(
      messages({
        draws: [
          {
            amount: 90_000,
            due: 'signing',
            lienWaiverFileId: null,
            payments: [{ paidOn: '2030-04-01', amount: 1 }],
          },
        ],
      }),
    ).toEqual([
      'A payment on Excavation is 10 or more days old without an unconditional lien waiver',
    ])
  })
})

describe('the cash flow', () => {
  it('plans draws in the month they fall due and counts payments in the month paid', () => {
    const flow = cashflow([
      { amount: 90_000, dueOn: '2030-03-02', payments: [{ paidOn: '2030-03-02', amount: 90_000 }] },
      {
        amount: 810_000,
        dueOn: '2030-04-19',
        payments: [{ paidOn: '2030-05-01', amount: 400_000 }],
      },
      { amount: 5_000, dueOn: null, payments: [] },
      { amount: 20_000, dueOn: '2030-04-30', payments: [] },
    ])
    expect(flow).toEqual([
      { month: '2030-03', planned: 90_000, paid: 90_000 },
      { month: '2030-04', planned: 830_000, paid: 0 },
      { month: '2030-05', planned: 0, paid: 400_000 },
    ])
  })

  it('lists the months in order, a payment made before its draw falls due first', () => {
    const flow = cashflow([
      { amount: 810_000, dueOn: '2030-05-19', payments: [{ paidOn: '2030-04-01', amount: 1 }] },
    ])
    expect(flow.map((m) => m.month)).toEqual(['2030-04', '2030-05'])
  })

  it('is empty with no draws', () => {
    expect(cashflow([])).toEqual([])
  })
})

describe('the payment requests a payment pays (PRODUCT.md §15)', () => {
  const requests = [
    { id: 'a', amount: 30_000, status: 'open' },
    { id: 'b', amount: 10_000, status: 'declined' },
    { id: 'c', amount: 50_000, status: 'open' },
    { id: 'd', amount: 5_000, status: 'open' },
  ]
  const paid = (amount: number, owedAfter: number) =>
    requestsPaidBy(requests, amount, owedAfter).map((r) => r.id)

  it('are the open ones, oldest first, while the payment covers them together', () => {
    expect(paid(29_999, 1)).toEqual([])
    expect(paid(30_000, 1)).toEqual(['a'])
    expect(paid(79_999, 1)).toEqual(['a'])
    expect(paid(85_000, 1)).toEqual(['a', 'c', 'd'])
  })

  it('are every open one once the draw owes nothing more', () => {
    expect(paid(1_000, 0)).toEqual(['a', 'c', 'd'])
  })
})

describe("what a step's quotes are compared with", () => {
  const dig: Stage = {
    ...stage(1),
    pricing: { ...stage(1).pricing, unit: 'dig_yd3', unitPrice: 6_000 },
  }
  const tile: Stage = {
    ...stage(2),
    slug: 'tile',
    pricing: { ...stage(2).pricing, unit: 'perimeter_ft', unitPrice: 5_000 },
  }
  const design = { ...nonStageEntry('Pool Design'), choices: { ...REFERENCE_POOL } }
  const project = (stages: Stage[], saved = true): ProjectData => ({
    stages,
    poolData: emptyPoolData({ nonStages: saved ? [design] : [] }),
    Engineers: [],
  })

  it('is nothing without an estimate above zero', () => {
    expect(quoteBasis('excavation', project([tile, dig]), null)).toBeNull()
    expect(quoteBasis('excavation', project([tile, dig]), 0)).toBeNull()
    expect(quoteBasis('excavation', project([tile, dig]), 1)).toEqual({
      estimate: 1,
      metered: { unit: 'dig_yd3', quantity: REFERENCE.digYd3 },
    })
  })

  it("is the estimate and the step's own quantity of the saved design on a metered step", () => {
    expect(quoteBasis('tile', project([tile, dig]), 480_000)).toEqual({
      estimate: 480_000,
      metered: { unit: 'perimeter_ft', quantity: REFERENCE.perimeterFt },
    })
  })

  it('is the estimate alone on a flat step, before the design is saved, or without a stage', () => {
    expect(quoteBasis('excavation', project([stage(1)]), 50_000)).toEqual({
      estimate: 50_000,
      metered: null,
    })
    expect(quoteBasis('excavation', project([dig], false), 50_000)).toEqual({
      estimate: 50_000,
      metered: null,
    })
    expect(quoteBasis('steel', project([tile, dig]), 50_000)).toEqual({
      estimate: 50_000,
      metered: null,
    })
  })

  it('says how far a flat quote is from its estimate, signed, and nothing when it matches', () => {
    expect(quoteCheckWords(quoteCheck(360_000, { estimate: 300_000, metered: null }))).toBe(
      'high (+20 %) against the estimate',
    )
    expect(quoteCheckWords(quoteCheck(300_000, { estimate: 300_000, metered: null }))).toBe(
      'typical against the estimate',
    )
  })
})

describe("the draws' sum", () => {
  it('says whether the draws add up to less or more than the committed cost', () => {
    expect(drawsSumMessage(50_000, 831_800)).toBe(
      'The draws add up to $500 less than the $8,318 committed',
    )
    expect(drawsSumMessage(-1, 831_800)).toBe(
      'The draws add up to $0.01 more than the $8,318 committed',
    )
  })
})

describe("a project's design ripple", () => {
  const dig: Stage = {
    ...stage(1),
    pricing: { ...stage(1).pricing, unit: 'dig_yd3', unitPrice: 6_000 },
  }
  const design = { ...nonStageEntry('Pool Design'), choices: { ...REFERENCE_POOL } }
  const accepted = projectQuote(1, { amount: 1_580_000, accepted: true })
  const withQuote = (done: boolean, quotes = [projectQuote(2), accepted]): ProjectData => ({
    stages: [dig],
    poolData: emptyPoolData({
      nonStages: [design],
      poolChoices: [{ ...stageEntry(1, done), quotes }],
    }),
    Engineers: [],
  })
  const longer = quantities({ ...REFERENCE_POOL, lengthFt: 36 })

  it("scales a stage's accepted quote over the change in its quantity", () => {
    expect(projectRipple(withQuote(false), longer)).toEqual([
      {
        step: 'excavation',
        title: 'Excavation',
        amount: 185_900,
        description: 'Design change: 130.3 → 145.7 yd³ of dig',
      },
    ])
  })

  it('leaves a done step, a step without an accepted quote and an unsaved design alone', () => {
    expect(projectRipple(withQuote(true), longer)).toEqual([])
    expect(projectRipple(withQuote(false, [projectQuote(2)]), longer)).toEqual([])
    const unsaved = withQuote(false)
    const noDesign = { ...unsaved, poolData: { ...unsaved.poolData, nonStages: [] } }
    expect(projectRipple(noDesign, longer)).toEqual([])
  })

  it('asks nothing of a contract on a quantity that was zero', () => {
    const deck = [{ step: 'decking' as const, amount: 900_000, unit: 'deck_ft2' as const }]
    expect(designRipple({ ...REFERENCE, deckFt2: 0 }, REFERENCE, deck)).toEqual([])
  })
})
