/**
 * A column's order, worked out once: rows by position, ascending, ties in list order, and each
 * row's rank (equal values, equal ranks), so the other direction and any later comparison are
 * a subtraction. Plain data, so a worker can work it out (sort-worker.ts).
 */
export type ColumnOrder = { order: Uint32Array; ranks: Uint32Array }

export const collator = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' })

/** Compares two rows by position: numbers as numbers, anything else as text. */
function comparer(values: readonly (string | number)[]) {
  const numbers = values.every((value) => typeof value === 'number')
  const texts = numbers ? [] : values.map(String)
  return numbers
    ? (a: number, b: number) => (values[a] as number) - (values[b] as number)
    : (a: number, b: number) => collator.compare(texts[a] ?? '', texts[b] ?? '')
}

export function columnOrder(values: readonly (string | number)[]): ColumnOrder {
  const compare = comparer(values)
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

/**
 * The positions of the first `count` rows in either direction (ties in list order, as
 * columnOrder and its reverse have them), in one pass: most rows cost one comparison with the
 * last of those kept, where sorting costs each row about log2(rows) of them.
 */
export function firstInOrder(
  values: readonly (string | number)[],
  count: number,
  descending: boolean,
): number[] {
  const compare = comparer(values)
  const sign = descending ? -1 : 1
  const before = (a: number, b: number) => (sign * compare(a, b) || a - b) < 0
  const first: number[] = []
  for (let row = 0; row < values.length; row++) {
    const last = first[count - 1]
    if (last !== undefined && !before(row, last)) continue
    let low = 0
    let high = first.length
    while (low < high) {
      const middle = (low + high) >> 1
      if (before(first[middle] ?? row, row)) low = middle + 1
      else high = middle
    }
    first.splice(low, 0, row)
    if (first.length > count) first.pop()
  }
  return first
}
