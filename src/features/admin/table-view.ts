import { cellText, type Column } from './columns'
import { keepOrder, knownOrder, orderComing, orderInAdvance } from './orders'
import { collator, columnOrder, firstInOrder, type ColumnOrder } from './sort-order'

/**
 * What an admin table shows of its rows, for lists of any length: the search text and each
 * column's order are worked out once per list, so a keystroke or a sort over 50,000 rows is a
 * pass over an array, not 50,000 cells formatted again.
 */

export type Sort = { key: string; direction: 'ascending' | 'descending' }

/** One line of the table body: a group's heading, or a row. */
export type TableItem<T> = { kind: 'group'; name: string; count: number } | { kind: 'row'; row: T }

// Between two cells' texts: no typed search can match across it.
const CELL_BREAK = '\u0000'

/** A row's cells' text, lower-cased, for a search to match against. */
const searchText = <T>(row: T, columns: readonly Column<T>[]) =>
  columns
    .map((column) => cellText(column, row))
    .join(CELL_BREAK)
    .toLowerCase()

/**
 * Each row's search text, worked out in steps (while the page is idle: see DataTable) or all at
 * once when a search needs them first, so opening a long list does not wait for its texts.
 */
export function searchTexts<T>(rows: readonly T[], columns: readonly Column<T>[]) {
  const texts: string[] = []
  const fill = (until: number) => {
    for (let i = texts.length; i < until; i++) texts.push(searchText(rows[i] as T, columns))
  }
  return {
    /** Every row's text. */
    all: (): readonly string[] => {
      fill(rows.length)
      return texts
    },
    /** Up to `count` more texts; whether some are still to do. */
    step: (count: number): boolean => {
      fill(Math.min(rows.length, texts.length + count))
      return texts.length < rows.length
    },
  }
}

/**
 * `order` the other way round, ties still in list order: its runs of equal rows, last run
 * first. One comparison per row instead of a sort.
 */
function reversed(order: ArrayLike<number>, ranks: ArrayLike<number>): number[] {
  const out: number[] = []
  let end = order.length
  while (end > 0) {
    const rank = ranks[order[end - 1] ?? 0]
    let start = end - 1
    while (start > 0 && ranks[order[start - 1] ?? 0] === rank) start--
    for (let i = start; i < end; i++) out.push(order[i] ?? 0)
    end = start
  }
  return out
}

/** Rows a long list shows in order while the worker works out the rest: screens of them. */
const FIRST_ROWS = 200

/**
 * A long list's order before the worker's is known: its first rows in order, then the others
 * as listed. Finding a screen's worth of rows is one comparison per row; sorting 50,000 names on
 * the page is a few hundred milliseconds between the data's arrival and the first rows.
 */
function firstRowsFirst<T>(rows: readonly T[], column: Column<T>, direction: Sort['direction']) {
  const first = firstInOrder(
    rows.map((row) => column.value(row)),
    FIRST_ROWS,
    direction === 'descending',
  )
  const placed = new Uint8Array(rows.length)
  for (const row of first) placed[row] = 1
  const order = [...first]
  for (let row = 0; row < rows.length; row++) if (placed[row] === 0) order.push(row)
  return order
}

/** Settles when the worker's order for `sort` is known, if the table shows it provisionally. */
export function sortComing<T>(
  rows: readonly T[],
  columns: readonly Column<T>[],
  sort: Sort | null,
): Promise<void> | undefined {
  const column = sort && columns.find((c) => c.key === sort.key)
  return column ? orderComing(rows, column) : undefined
}

/**
 * A sorter of `rows`: each column's order is worked out once (or found worked out in advance,
 * orders.ts) and either direction read from it. A long list whose order the worker is working
 * out shows its first rows in order meanwhile (firstRowsFirst); see sortComing.
 */
export function sorter<T>(rows: readonly T[], columns: readonly Column<T>[]) {
  const known = new Map<string, number[]>()
  const ordered = (column: Column<T>): ColumnOrder => {
    const order = knownOrder(rows, column) ?? columnOrder(rows.map((row) => column.value(row)))
    keepOrder(rows, column, order)
    return order
  }
  const orderOf = (column: Column<T>, direction: Sort['direction']): number[] => {
    const { order, ranks } = ordered(column)
    return direction === 'ascending' ? Array.from(order) : reversed(order, ranks)
  }
  return (sort: Sort | null): number[] | null => {
    const column = sort && columns.find((c) => c.key === sort.key)
    if (!sort || !column) return null
    const name = `${sort.key} ${sort.direction}`
    const kept = known.get(name)
    if (kept) return kept
    if (!knownOrder(rows, column)) orderInAdvance(rows, column)
    if (orderComing(rows, column)) return firstRowsFirst(rows, column, sort.direction)
    const order = orderOf(column, sort.direction)
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

/**
 * The body's lines by position: each group's heading (when grouped) followed by its rows, and
 * the rows in that order. Ungrouped, a line is made when it is asked for (only those in view
 * are), not one object per row of a long list.
 */
export type TableLines<T> = {
  count: number
  at: (index: number) => TableItem<T> | undefined
  /** A line's React key, without making the line. */
  keyAt: (index: number) => string | number
  rows: readonly T[]
}

const lineKey = <T extends { id: string }>(line: TableItem<T> | undefined, index: number) =>
  line === undefined ? index : line.kind === 'row' ? line.row.id : `group:${line.name}`

export function tableLines<T extends { id: string }>(
  rows: readonly T[],
  groupBy: ((row: T) => string) | undefined,
): TableLines<T> {
  if (!groupBy)
    return {
      count: rows.length,
      at: (index) => {
        const row = rows[index]
        return row === undefined ? undefined : { kind: 'row', row }
      },
      keyAt: (index) => rows[index]?.id ?? index,
      rows,
    }
  const lines = groups(rows, groupBy).flatMap(({ name, members }) => [
    { kind: 'group' as const, name, count: members.length },
    ...members.map((row) => ({ kind: 'row' as const, row })),
  ])
  return {
    count: lines.length,
    at: (index) => lines[index],
    keyAt: (index) => lineKey(lines[index], index),
    rows: lines.flatMap((line) => (line.kind === 'row' ? [line.row] : [])),
  }
}
