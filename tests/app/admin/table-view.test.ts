import { describe, expect, it, vi } from 'vitest'
import type { Column } from '../../../src/features/admin/columns'
import { keepOrder, knownOrder } from '../../../src/features/admin/orders'
import { columnOrder, firstInOrder } from '../../../src/features/admin/sort-order'
import type { SortAnswer, SortRequest } from '../../../src/features/admin/sort-worker'
import {
  searchTexts,
  sortComing,
  sorter,
  tableLines,
  type Sort,
} from '../../../src/features/admin/table-view'

type Row = { name: string; paid: number }
const columns: Column<Row>[] = [
  { key: 'name', header: 'Client', value: (r) => r.name },
  { key: 'paid', header: 'Paid', value: (r) => r.paid, numeric: true },
]
// Ties on both columns, names that only a numeric collation orders right, and mixed case.
const rows: Row[] = [
  { name: 'Client 10', paid: 5 },
  { name: 'client 9', paid: 0 },
  { name: 'Ann', paid: 5 },
  { name: 'Client 9', paid: 7 },
  { name: 'ann', paid: 0 },
  { name: 'Bob', paid: 5 },
]
const names = (order: number[] | null) => order?.map((i) => rows[i]?.name)
/** The names in the collator's order, ties in list order. */
const BY_NAME = ['Ann', 'ann', 'Bob', 'client 9', 'Client 9', 'Client 10']
const by = (key: string, direction: Sort['direction']): Sort => ({ key, direction })

describe('the admin tables’ sorter', () => {
  it('sorts each way with ties in list order, however the other way was worked out', () => {
    const fresh = (sort: Sort) => sorter(rows, columns)(sort)
    expect(names(fresh(by('name', 'ascending')))).toEqual(BY_NAME)
    expect(names(fresh(by('name', 'descending')))).toEqual([
      'Client 10',
      'client 9',
      'Client 9',
      'Bob',
      'Ann',
      'ann',
    ])
    for (const key of ['name', 'paid']) {
      const reversedFromAscending = sorter(rows, columns)
      reversedFromAscending(by(key, 'ascending'))
      const reversedFromDescending = sorter(rows, columns)
      reversedFromDescending(by(key, 'descending'))
      expect(reversedFromAscending(by(key, 'descending'))).toEqual(fresh(by(key, 'descending')))
      expect(reversedFromDescending(by(key, 'ascending'))).toEqual(fresh(by(key, 'ascending')))
    }
    expect(fresh(by('paid', 'descending'))).toEqual([3, 0, 2, 5, 1, 4])
  })
})

describe('a long list’s orders worked out in advance', () => {
  it('ranks equal values equally and orders ties by position', () => {
    const { order, ranks } = columnOrder(rows.map((r) => r.name))
    expect(Array.from(order, (i) => rows[i]?.name)).toEqual(BY_NAME)
    expect(Array.from(ranks)).toEqual([3, 2, 0, 2, 0, 1])
  })

  it('sorts by the order kept for the list instead of sorting again', () => {
    const list = [...rows]
    const column = columns[0] as Column<Row>
    // Not the collator's order: only a sorter that takes the kept one answers this.
    keepOrder(list, column, {
      order: Uint32Array.of(5, 4, 3, 2, 1, 0),
      ranks: Uint32Array.of(5, 4, 3, 2, 1, 0),
    })
    const sort = sorter(list, columns)
    expect(sort(by('name', 'ascending'))).toEqual([5, 4, 3, 2, 1, 0])
    expect(sort(by('name', 'descending'))).toEqual([0, 1, 2, 3, 4, 5])
    expect(knownOrder([...rows], column)).toBeUndefined()
  })

  it('is what the worker answers, with its buffers handed over', async () => {
    const posted: unknown[][] = []
    vi.stubGlobal('self', { postMessage: (...args: unknown[]) => posted.push(args) })
    await import('../../../src/features/admin/sort-worker')
    const values = rows.map((r) => r.paid)
    const worker = globalThis.self as unknown as { onmessage: (event: { data: unknown }) => void }
    worker.onmessage({ data: { id: 7, values } })
    const expected = columnOrder(values)
    expect(posted).toEqual([
      [
        { id: 7, order: expected.order, ranks: expected.ranks },
        [expected.order.buffer, expected.ranks.buffer],
      ],
    ])
    vi.unstubAllGlobals()
  })
})

describe('a long list’s first rows, before its whole order is known', () => {
  it('are the first rows of the whole order, each way, ties in list order', () => {
    for (const key of ['name', 'paid'] as const) {
      const values = rows.map((r) => r[key])
      for (const direction of ['ascending', 'descending'] as const) {
        const whole = sorter(rows, columns)(by(key, direction))
        for (const count of [1, 3, 6, 10]) {
          expect(firstInOrder(values, count, direction === 'descending')).toEqual(
            whole?.slice(0, count),
          )
        }
      }
    }
  })

  it('are shown in order while the worker sorts the list, then its whole order', async () => {
    // jsdom has no Worker: this one answers as sort-worker.ts does, a task later.
    class InPageWorker {
      onmessage: ((event: { data: SortAnswer }) => void) | null = null
      postMessage({ id, values }: SortRequest) {
        setTimeout(() => this.onmessage?.({ data: { id, ...columnOrder(values) } }))
      }
    }
    vi.stubGlobal('Worker', InPageWorker)
    const long = Array.from({ length: 6_000 }, (_, i) => ({
      name: `Client ${(i * 7_919) % 6_000}`,
      paid: i % 13,
    }))
    const ascending = by('name', 'ascending')
    const whole = Array.from(columnOrder(long.map((r) => r.name)).order)
    const first = sorter(long, columns)(ascending) ?? []
    expect(first.slice(0, 200)).toEqual(whole.slice(0, 200))
    expect(first.slice(200)).not.toEqual(whole.slice(200))
    expect([...first].sort((a, b) => a - b)).toEqual(long.map((_, i) => i))
    await sortComing(long, columns, ascending)
    expect(sortComing(long, columns, ascending)).toBeUndefined()
    expect(sorter(long, columns)(ascending)).toEqual(whole)
    vi.unstubAllGlobals()
  })
})

describe('the search texts', () => {
  it('are worked out in steps or all at once, the same either way', () => {
    const stepped = searchTexts(rows, columns)
    expect(stepped.step(4)).toBe(true)
    expect(stepped.step(4)).toBe(false)
    expect(stepped.all()).toEqual(searchTexts(rows, columns).all())
    expect(stepped.all()[0]).toBe('client 10\u00005')
  })
})

describe('the table’s lines', () => {
  it('are the rows by position, each made when asked for, when not grouped', () => {
    const list = rows.map((r, i) => ({ ...r, id: `r${i}` }))
    const lines = tableLines(list, undefined)
    expect(lines.count).toBe(6)
    expect(lines.at(2)).toEqual({ kind: 'row', row: list[2] })
    expect(lines.at(6)).toBeUndefined()
    expect(lines.keyAt(2)).toBe('r2')
    expect(lines.rows).toBe(list)
  })

  it('put each group’s heading before its rows, the biggest group first', () => {
    const list = rows.map((r, i) => ({ ...r, id: `r${i}` }))
    const lines = tableLines(list, (r) => (r.paid === 5 ? 'five' : 'other'))
    expect(lines.count).toBe(8)
    expect(lines.at(0)).toEqual({ kind: 'group', name: 'five', count: 3 })
    expect(lines.keyAt(0)).toBe('group:five')
    expect(lines.keyAt(1)).toBe('r0')
    expect(lines.at(4)).toEqual({ kind: 'group', name: 'other', count: 3 })
    expect(lines.rows.map((r) => r.id)).toEqual(['r0', 'r2', 'r5', 'r1', 'r3', 'r4'])
  })
})
