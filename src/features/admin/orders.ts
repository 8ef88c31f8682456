import type { Column } from './columns'
import type { ColumnOrder } from './sort-order'
import type { SortAnswer, SortRequest } from './sort-worker'

/**
 * Column orders of long lists, worked out in a worker before a table needs them: opening the
 * Clients section then finds its 50,000 names sorted instead of sorting them on the page's
 * thread. Kept per list (the array the admin state holds) and column, for as long as the list.
 */
const known = new WeakMap<readonly unknown[], Map<string, ColumnOrder | 'under way'>>()
/** The orders the worker is still working out, settled when each is known. */
const coming = new WeakMap<readonly unknown[], Map<string, Promise<void>>>()

/** Shorter lists sort on the page in a few milliseconds. */
export const IN_WORKER_FROM = 5_000

let worker: Worker | null = null
let requests = 0
const waiting = new Map<number, (order: ColumnOrder) => void>()

function sortWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null
  if (!worker) {
    worker = new Worker(new URL('./sort-worker.ts', import.meta.url), { type: 'module' })
    worker.onmessage = ({ data }: MessageEvent<SortAnswer>) => {
      waiting.get(data.id)?.({ order: data.order, ranks: data.ranks })
      waiting.delete(data.id)
    }
  }
  return worker
}

/** The order of `rows` by `column`, if it has been worked out. */
export function knownOrder<T>(rows: readonly T[], column: Column<T>): ColumnOrder | undefined {
  const order = known.get(rows)?.get(column.key)
  return order === 'under way' ? undefined : order
}

export function keepOrder<T>(
  rows: readonly T[],
  column: Column<T>,
  order: ColumnOrder | 'under way',
): void {
  const byColumn = known.get(rows) ?? new Map<string, ColumnOrder | 'under way'>()
  byColumn.set(column.key, order)
  known.set(rows, byColumn)
}

/** Settles once the worker has worked out the order of `rows` by `column`, if it is on it. */
export const orderComing = <T>(rows: readonly T[], column: Column<T>): Promise<void> | undefined =>
  coming.get(rows)?.get(column.key)

/** Starts working out the order of a long list by `column` in the worker (once per list). */
export function orderInAdvance<T>(rows: readonly T[], column: Column<T>): void {
  if (rows.length < IN_WORKER_FROM || known.get(rows)?.has(column.key)) return
  const sorting = sortWorker()
  if (!sorting) return
  const id = ++requests
  // A second call for the same list does not post it again.
  keepOrder(rows, column, 'under way')
  const byColumn = coming.get(rows) ?? new Map<string, Promise<void>>()
  byColumn.set(
    column.key,
    new Promise((resolve) =>
      waiting.set(id, (order) => {
        keepOrder(rows, column, order)
        byColumn.delete(column.key)
        resolve()
      }),
    ),
  )
  coming.set(rows, byColumn)
  sorting.postMessage({ id, values: rows.map((row) => column.value(row)) } satisfies SortRequest)
}
