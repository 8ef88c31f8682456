import { describe, expect, it } from 'vitest'
import type { Column } from '../../../src/features/admin/columns'
import { sorter, type Sort } from '../../../src/features/admin/table-view'

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
const by = (key: string, direction: Sort['direction']): Sort => ({ key, direction })

describe('the admin tables’ sorter', () => {
  it('sorts each way with ties in list order, however the other way was worked out', () => {
    const fresh = (sort: Sort) => sorter(rows, columns)(sort)
    expect(names(fresh(by('name', 'ascending')))).toEqual([
      'Ann',
      'ann',
      'Bob',
      'client 9',
      'Client 9',
      'Client 10',
    ])
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
