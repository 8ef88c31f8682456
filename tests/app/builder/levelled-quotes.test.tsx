// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import axe from 'axe-core'
import { afterEach, describe, expect, it } from 'vitest'
import type { StepScope } from '../../../contract/bids'
import type { Quote } from '../../../contract/domain'
import { designEntry, emptyPoolData, NO_BID, renderBuilder, stageId } from './harness'

afterEach(cleanup)

const item = (n: number) => `00000000-0000-4000-8000-0000000007${String(n).padStart(2, '0')}`
const SCOPE: StepScope[] = [
  {
    step: 'excavation',
    items: [
      { id: item(1), text: 'Haul-off of the soil', share: 15 },
      { id: item(2), text: 'Site cleanup', share: 5 },
    ],
  },
]

/** A quote; from a bid when it says which scope items it includes (levelled as the server does). */
const quote = (
  n: number,
  vendor: string,
  amount: number,
  bid?: [boolean, boolean],
  levelled?: number,
): Quote => ({
  id: `00000000-0000-4000-8000-0000000008${String(n).padStart(2, '0')}`,
  vendor,
  amount,
  note: '',
  createdAt: '2026-06-01T12:00:00.000Z',
  accepted: false,
  tradeId: null,
  ...NO_BID,
  ...(bid
    ? {
        items: [
          { itemId: item(1), included: bid[0] },
          { itemId: item(2), included: bid[1] },
        ],
        levelled: levelled ?? amount,
      }
    : {}),
})

const excavationWith = (quotes: Quote[]) =>
  emptyPoolData({
    nonStages: [designEntry()],
    poolChoices: [
      { StageId: stageId('excavation'), choices: {}, done: false, doneAt: null, quotes },
    ],
  })

describe('quotes from bids, levelled on the step’s scope', () => {
  it('compares what each bid includes, totals them levelled and marks the lowest', async () => {
    // Dig Co is cheaper but hauls nothing away: levelled, Hole Inc is the lower bid.
    const quotes = [
      quote(1, 'Dig Co', 700_000, [false, true], 824_800),
      quote(2, 'Hole Inc', 800_000, [true, true]),
      quote(3, 'Phone Quote LLC', 650_000),
    ]
    const { idle } = await renderBuilder('/builder/excavation', {
      poolData: excavationWith(quotes),
      scope: SCOPE,
    })
    await idle()
    const compare = screen.getByRole('region', { name: 'Compare quotes' })
    const table = await within(compare).findByRole('table', { name: 'What each bid includes' })
    const haul = within(table).getByRole('row', { name: /Haul-off of the soil/ })
    expect(within(haul).getByRole('rowheader').textContent).toBe('Haul-off of the soil')
    expect(
      within(haul)
        .getAllByRole('img')
        .map((cell) => cell.getAttribute('aria-label')),
    ).toEqual(['Not included', 'Included'])
    expect(within(table).getByRole('rowheader', { name: 'Site cleanup' })).toBeDefined()
    // A quote entered by hand has no scope items: no column of its own.
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Scope item', 'Share', 'Dig Co', 'Hole Inc'])
    const total = within(table).getByRole('row', { name: /Levelled total/ })
    expect(
      within(total)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['20%', '$8,248', '$8,000'])
    const cards = screen.getByRole('list', { name: 'Quotes for Excavation' })
    const marked = within(cards)
      .getAllByText('Lowest levelled')
      .map((badge) => badge.closest('article')?.getAttribute('aria-labelledby'))
    expect(marked).toEqual([`quote-${quotes[1]?.id}`])
    // The plain lowest is still the hand-entered quote.
    expect(within(cards).getAllByText('Lowest')).toHaveLength(1)
    const result = await axe.run(cards.parentElement ?? document.body, {
      rules: { 'color-contrast': { enabled: false } },
    })
    expect(result.violations.map((v) => v.id)).toEqual([])
  })

  it('marks no lowest levelled quote with one bid to compare, and no comparison without bids', async () => {
    const { idle } = await renderBuilder('/builder/excavation', {
      poolData: excavationWith([
        quote(1, 'Dig Co', 700_000, [true, true]),
        quote(2, 'Hole Inc', 750_000),
      ]),
      scope: SCOPE,
    })
    await idle()
    await screen.findByRole('table', { name: 'What each bid includes' })
    expect(screen.queryByText('Lowest levelled')).toBeNull()
    cleanup()
    const plain = await renderBuilder('/builder/excavation', {
      poolData: excavationWith([quote(1, 'Dig Co', 700_000), quote(2, 'Hole Inc', 750_000)]),
      scope: SCOPE,
    })
    await plain.idle()
    expect(screen.queryByRole('table', { name: 'What each bid includes' })).toBeNull()
  })

  it('compares a single bid on the scope: its levelled total in "Compare quotes"', async () => {
    const { idle } = await renderBuilder('/builder/excavation', {
      poolData: excavationWith([quote(1, 'Dig Co', 700_000, [true, false], 736_000)]),
      scope: SCOPE,
    })
    await idle()
    const compare = screen.getByRole('region', { name: 'Compare quotes' })
    const table = await within(compare).findByRole('table', { name: 'What each bid includes' })
    const cleanup = within(table).getByRole('row', { name: /Site cleanup/ })
    expect(within(cleanup).getByRole('img').getAttribute('aria-label')).toBe('Not included')
    const total = within(table).getByRole('row', { name: /Levelled total/ })
    expect(within(total).getAllByRole('cell').at(-1)?.textContent).toBe('$7,360')
    // One quote has nothing to stand beside in the amounts' table.
    expect(within(compare).getAllByRole('table')).toEqual([table])
  })
})
