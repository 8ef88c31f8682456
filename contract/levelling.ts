/**
 * Levelling quotes on the steps' scope (PRODUCT.md §14): the one place the server fills in a
 * quote's `levelled`, for every answer that carries quotes (the sign-in's pool data and the
 * entry answers), so they all agree.
 */
import { levelledAmount, type StepScope } from './bids'
import { savedQuantities } from './budget'
import { StageChoices } from './choices'
import type { PoolData, Stage, StageEntry } from './domain'
import { stageEstimate, type Quantities } from './estimator'

/** What levelling reads besides the entry: the design's quantities, the price lists, the scope. */
export type LevellingFacts = {
  quantities: Quantities | null
  stages: readonly Stage[]
  scope: readonly StepScope[]
}

const hasItems = (entry: StageEntry) => entry.quotes.some((quote) => quote.items !== null)

/** Whether an entry's answer needs the facts at all: only quotes from bids carry items. */
export const needsLevelling = (entry: StageEntry | object): entry is StageEntry =>
  'StageId' in entry && hasItems(entry as StageEntry)

/**
 * A stage entry with each quote's `levelled`: null without items, else its amount plus the
 * excluded items' shares of the step's estimate (0 while the step has no estimate yet).
 */
export function levelEntry(entry: StageEntry, facts: LevellingFacts): StageEntry {
  if (!hasItems(entry)) return entry
  const stage = facts.stages.find((s) => s.id === entry.StageId)
  const scope = facts.scope.find((s) => s.step === stage?.slug)?.items ?? []
  const choices = StageChoices.safeParse(entry.choices)
  const estimate = stage
    ? (stageEstimate(stage.pricing, choices.success ? choices.data : undefined, facts.quantities) ??
      0)
    : 0
  return {
    ...entry,
    quotes: entry.quotes.map((quote) => ({
      ...quote,
      levelled: levelledAmount(quote.amount, quote.items, scope, estimate),
    })),
  }
}

/** The pool data with every quote levelled (see levelEntry). */
export function levelPoolData(
  poolData: PoolData,
  facts: Omit<LevellingFacts, 'quantities'>,
): PoolData {
  if (!poolData.poolChoices.some(hasItems)) return poolData
  const quantities = savedQuantities(poolData)
  return {
    ...poolData,
    poolChoices: poolData.poolChoices.map((entry) => levelEntry(entry, { ...facts, quantities })),
  }
}

/**
 * The quote "Lowest levelled" marks (PRODUCT.md §19): the lowest levelled of the quotes that
 * have one, once two can be compared; quotes without scope items take no part.
 */
export function lowestLevelled(
  quotes: readonly { id: string; levelled: number | null }[],
): string | null {
  const levelled = quotes.filter(
    (quote): quote is { id: string; levelled: number } => quote.levelled !== null,
  )
  if (levelled.length < 2) return null
  return levelled.reduce((low, quote) => (quote.levelled < low.levelled ? quote : low)).id
}
