import { describe, expect, it } from 'vitest'
import type { PoolData, Quote, StageEntry } from '../../contract/domain'
import { levelEntry, levelPoolData, needsLevelling } from '../../contract/levelling'
import { projectQuote } from '../machines/project-fixtures'
import { emptyPoolData, nonStageEntry, stage, stageEntry, uuid } from '../machines/fixtures'
import { withRockOption } from './kit'

const excavation = stage(1, 100_000)
const scope = [
  {
    step: 'excavation' as const,
    items: [
      { id: uuid(70), text: 'Haul-off', share: 10 },
      { id: uuid(71), text: 'Shoring', share: 5 },
    ],
  },
]

const quote = (n: number, items: Quote['items'], amount = 90_000) =>
  projectQuote(n, { items, amount })

const withQuotes = (...quotes: Quote[]): StageEntry => ({ ...stageEntry(1), quotes })
const leavesOutHaulOff = [
  { itemId: uuid(70), included: false },
  { itemId: uuid(71), included: true },
]

describe('levelling quotes on the scope', () => {
  it('is needed for a stage entry with a quote from a bid, and only then', () => {
    expect(needsLevelling(withQuotes(quote(1, leavesOutHaulOff)))).toBe(true)
    expect(needsLevelling(withQuotes(quote(1, null)))).toBe(false)
    expect(needsLevelling(nonStageEntry('Permits'))).toBe(false)
    expect(needsLevelling({})).toBe(false)
  })

  it("adds the left-out items' shares of the step's estimate to a bid's quote", () => {
    const entry = withQuotes(quote(1, leavesOutHaulOff), quote(2, null, 80_000))
    const levelled = levelEntry(entry, { quantities: null, stages: [excavation], scope })
    expect(levelled.quotes.map((q) => q.levelled)).toEqual([90_000 + 10_000, null])
    expect(levelled.StageId).toBe(entry.StageId)
  })

  it("takes the estimate of the entry's chosen option", () => {
    const twice = withRockOption(excavation)
    const entry = { ...withQuotes(quote(1, leavesOutHaulOff)), choices: { option: 'rock' } }
    const levelled = levelEntry(entry, { quantities: null, stages: [twice], scope })
    expect(levelled.quotes[0]?.levelled).toBe(90_000 + 20_000)
  })

  it('adds nothing while the step has no estimate or no scope, and leaves an entry without bids', () => {
    const entry = withQuotes(quote(1, leavesOutHaulOff))
    expect(levelEntry(entry, { quantities: null, stages: [], scope }).quotes[0]?.levelled).toBe(
      90_000,
    )
    expect(
      levelEntry(entry, { quantities: null, stages: [excavation], scope: [] }).quotes[0]?.levelled,
    ).toBe(90_000)
    const plain = withQuotes(quote(1, null))
    expect(levelEntry(plain, { quantities: null, stages: [excavation], scope })).toBe(plain)
  })

  it("levels every entry of a project's pool data, and leaves pool data without bids as it is", () => {
    const poolData: PoolData = emptyPoolData({
      poolChoices: [withQuotes(quote(1, leavesOutHaulOff))],
    })
    const levelled = levelPoolData(poolData, { stages: [excavation], scope })
    expect(levelled.poolChoices[0]?.quotes[0]?.levelled).toBe(100_000)
    expect(levelled.PermitFee).toBe(poolData.PermitFee)
    const plain = emptyPoolData({ poolChoices: [withQuotes(quote(1, null))] })
    expect(levelPoolData(plain, { stages: [excavation], scope })).toBe(plain)
  })

  it("reads the entry's own stage and its own step's scope among others", () => {
    const steel = { ...stage(2, 400_000), slug: 'steel' as const }
    const steelScope = {
      step: 'steel' as const,
      items: [{ id: uuid(70), text: 'Ties', share: 50 }],
    }
    const facts = { quantities: null, stages: [steel, excavation], scope: [steelScope, ...scope] }
    const levelled = levelEntry(withQuotes(quote(1, leavesOutHaulOff)), facts)
    expect(levelled.quotes[0]?.levelled).toBe(90_000 + 10_000)
  })

  it('levels pool data whose bids are on one entry among others', () => {
    const poolData = emptyPoolData({
      poolChoices: [{ ...stageEntry(2), quotes: [] }, withQuotes(quote(1, leavesOutHaulOff))],
    })
    const levelled = levelPoolData(poolData, { stages: [excavation], scope })
    expect(levelled.poolChoices.map((e) => e.quotes.map((q) => q.levelled))).toEqual([
      [],
      [100_000],
    ])
  })
})
