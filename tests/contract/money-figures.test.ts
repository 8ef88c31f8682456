import { describe, expect, it } from 'vitest'
import type { Money, MoneyStep } from '../../contract/money'
import { moneyFigures, stepDifference } from '../../contract/money-figures'
import { committedOf } from '../../contract/money-rules'

const order = (amount: number, status: 'proposed' | 'approved' | 'rejected') => ({
  id: '00000000-0000-4000-8000-000000000001',
  description: 'Rock',
  amount,
  status,
  createdAt: '2026-06-01T12:00:00.000Z',
})

/** A step as Money answers it: committed is the quote and its approved change orders. */
const step = (
  slug: MoneyStep['step'],
  estimate: number | null,
  quote: number | null,
  changeOrders: MoneyStep['changeOrders'] = [],
): MoneyStep => ({
  step: slug,
  title: slug,
  estimate,
  contract:
    quote === null
      ? null
      : { quoteId: '00000000-0000-4000-8000-000000000002', vendor: 'Dig Co', amount: quote },
  changeOrders,
  committed: quote === null ? 0 : committedOf(quote, changeOrders),
  paid: 0,
  draws: [],
  warnings: [],
})

// The project: Excavation ($10,190 estimated) at $9,800 with a +$2,400 change order
// approved, Engineering ($1,400) at $1,430, Steel estimated and not yet quoted.
const money = (steps: MoneyStep[]): Money => ({
  totals: { estimate: 1_400_000, committed: 1_363_000, paid: 0, remaining: 1_363_000 },
  steps,
  warnings: [],
  cashflow: [],
})

describe('the money figures every screen shows', () => {
  const excavation = step('excavation', 1_019_000, 980_000, [
    order(240_000, 'approved'),
    order(50_000, 'proposed'),
  ])

  it('sets a step’s committed cost, change orders and all, against its estimate', () => {
    expect(stepDifference(excavation)).toBe(201_000)
    expect(stepDifference(step('steel', 246_800, null))).toBeNull()
    expect(stepDifference(step('pool-design', null, 50_000))).toBeNull()
  })

  it('adds up the differences of the steps with a contract, beside the Money answer’s totals', () => {
    const figures = moneyFigures(
      money([excavation, step('engineering', 140_000, 143_000), step('steel', 246_800, null)]),
    )
    expect(figures).toEqual({
      estimate: 1_400_000,
      committed: 1_363_000,
      paid: 0,
      remaining: 1_363_000,
      contracts: 2,
      difference: 204_000,
    })
  })
})
