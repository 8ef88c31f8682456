import { cellText, type Column } from './columns'

/**
 * What an admin table shows of its rows, for lists of any length: the search text and each
 * column's order are worked out once per list, so a keystroke or a sort over 50,000 rows is a
 * pass over an array, not 50,000 cells formatted again.
 */

export type Sort = { key: string; direction: 'ascending' | 'descending' }

/** One line of the table body: a group's heading, or a row. */
export type TableItem<T> = { kind: 'group'; name: string; count: number } | { kind: 'row'; row: T }

const collator = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' })

// Between two cells' texts: no typed search can match across it.
const CELL_BREAK = '\u0000'

/** Each row's cells' text, lower-cased, for a search to match against. */
export const searchTexts = <T>(rows: readonly T[], columns: readonly Column<T>[]): string[] =>
  rows.map((row) =>
    columns
      .map((column) => cellText(column, row))
      .join(CELL_BREAK)
      .toLowerCase(),
  )

/** How two rows compare by `column` (by position), ascending. */
function comparer<T>(rows: readonly T[], column: Column<T>): (a: number, b: number) => number {
  const values = rows.map((row) => column.value(row))
  if (values.every((value) => typeof value === 'number'))
    return (a, b) => (values[a] as number) - (values[b] as number)
  const texts = values.map(String)
  return (a, b) => collator.compare(texts[a] ?? '', texts[b] ?? '')
}

/**
 * `order` the other way round, ties still in list order: its runs of equal rows, last run
 * first. One comparison per row instead of a sort (the first click on a sorted column's header
 * reverses it).
 */
function reversed(order: readonly number[], compare: (a: number, b: number) => number): number[] {
  const out: number[] = []
  let end = order.length
  while (end > 0) {
    const last = order[end - 1] ?? 0
    let start = end - 1
    while (start > 0 && compare(order[start - 1] ?? 0, last) === 0) start--
    for (let i = start; i < end; i++) out.push(order[i] ?? 0)
    end = start
  }
  return out
}

/** A sorter of `rows` that keeps each column's order once worked out (per direction). */
export function sorter<T>(rows: readonly T[], columns: readonly Column<T>[]) {
  const known = new Map<string, number[]>()
  const comparers = new Map<string, (a: number, b: number) => number>()
  const compareBy = (column: Column<T>) => {
    const compare = comparers.get(column.key) ?? comparer(rows, column)
    comparers.set(column.key, compare)
    return compare
  }
  const orderOf = (column: Column<T>, direction: Sort['direction']): number[] => {
    const compare = compareBy(column)
    const other = known.get(
      `${column.key} ${direction === 'ascending' ? 'descending' : 'ascending'}`,
    )
    if (other) return reversed(other, compare)
    const sign = direction === 'ascending' ? 1 : -1
    // Ties in list order: what a stable sort gives.
    return rows.map((_, i) => i).sort((a, b) => sign * compare(a, b) || a - b)
  }
  return (sort: Sort | null): number[] | null => {
    const column = sort && columns.find((c) => c.key === sort.key)
    if (!sort || !column) return null
    const name = `${sort.key} ${sort.direction}`
    const order = known.get(name) ?? orderOf(column, sort.direction)
    known.set(name, order)
    return order
  }
}

/** The rows, in `order` (list order when null), whose text holds `needle`. */
export function matching<T>(
  rows: readonly T[],
  texts: readonly string[],
  order: readonly number[] | null,
  needle: string,
): T[] {
  const shown: T[] = []
  const keep = (i: number) => {
    const row = rows[i]
    if (row !== undefined && (needle === '' || texts[i]?.includes(needle))) shown.push(row)
  }
  if (order) order.forEach(keep)
  else rows.forEach((_, i) => keep(i))
  return shown
}

/** The rows by group, biggest group first (then by name); one unnamed group when not grouped. */
export function groups<T>(rows: readonly T[], groupBy: ((row: T) => string) | undefined) {
  if (!groupBy) return [{ name: '', members: [...rows] }]
  const byName = new Map<string, T[]>()
  for (const row of rows) {
    const name = groupBy(row)
    const members = byName.get(name)
    if (members) members.push(row)
    else byName.set(name, [row])
  }
  return [...byName]
    .map(([name, members]) => ({ name, members }))
    .sort((a, b) => b.members.length - a.members.length || collator.compare(a.name, b.name))
}

/** The body's lines: each group's heading (when grouped) followed by its rows. */
export const tableItems = <T>(
  rows: readonly T[],
  groupBy: ((row: T) => string) | undefined,
): TableItem<T>[] =>
  groups(rows, groupBy).flatMap(({ name, members }) => [
    ...(groupBy ? [{ kind: 'group' as const, name, count: members.length }] : []),
    ...members.map((row) => ({ kind: 'row' as const, row })),
  ])
