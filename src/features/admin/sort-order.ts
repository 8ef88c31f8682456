/**
 * A column's order, worked out once: rows by position, ascending, ties in list order, and each
 * row's rank (equal values, equal ranks), so the other direction and any later comparison are
 * a subtraction. Plain data, so a worker can work it out (sort-worker.ts).
 */
export type ColumnOrder = { order: Uint32Array; ranks: Uint32Array }

export const collator = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' })

export function columnOrder(values: readonly (string | number)[]): ColumnOrder {
  const numbers = values.every((value) => typeof value === 'number')
  const texts = numbers ? [] : values.map(String)
  const compare = numbers
    ? (a: number, b: number) => (values[a] as number) - (values[b] as number)
    : (a: number, b: number) => collator.compare(texts[a] ?? '', texts[b] ?? '')
  const positions = Array.from(values, (_, i) => i).sort((a, b) => compare(a, b) || a - b)
  const ranks = new Uint32Array(values.length)
  let rank = 0
  positions.forEach((row, i) => {
    const previous = positions[i - 1]
    if (previous !== undefined && compare(previous, row) !== 0) rank++
    ranks[row] = rank
  })
  return { order: Uint32Array.from(positions), ranks }
}
