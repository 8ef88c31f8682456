import type { DrawInput } from '../../../../contract'
import { notFound } from '../../../lib/problem'

type Existing = { id: string; label: string }

const labelKey = (label: string) => label.trim().toLowerCase()

/** The draws whose label no other draw of the contract has, by that label. */
function byUniqueLabel<D extends Existing>(current: readonly D[]) {
  const found = new Map<string, D | null>()
  for (const draw of current) {
    const key = labelKey(draw.label)
    found.set(key, found.has(key) ? null : draw)
  }
  return found
}

/**
 * Which existing draw each row of a new plan edits, so that a payment and a lien waiver stay
 * with the draw they were recorded against whatever the order of the rows: the row's id first
 * (404 when it is not one of `current`), then its label when no other draw has it, then the
 * draws left in order (undefined: a new draw). `dropped` are the draws no row edits.
 */
export function matchDraws<D extends Existing>(current: readonly D[], plan: readonly DrawInput[]) {
  const unclaimed = new Set(current)
  const claim = (draw: D | undefined) => {
    if (draw) unclaimed.delete(draw)
    return draw
  }
  const matched = plan.map((row) => {
    if (row.id === undefined) return undefined
    const draw = current.find((d) => d.id === row.id)
    if (!draw) throw notFound('No such draw.')
    return claim(draw)
  })
  const labelled = byUniqueLabel(current)
  for (const [index, row] of plan.entries()) {
    const draw = labelled.get(labelKey(row.label))
    if (!matched[index] && draw && unclaimed.has(draw)) matched[index] = claim(draw)
  }
  const rest = [...unclaimed]
  for (const index of plan.keys()) matched[index] ??= rest.shift()
  return { rows: plan.map((row, index) => ({ row, draw: matched[index] })), dropped: rest }
}
