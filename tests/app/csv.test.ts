import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { toCsv } from '../../src/lib/csv'

describe('toCsv', () => {
  it('quotes what needs quoting and reads back to the same cells', () => {
    const csv = toCsv(['Name', 'Note'], [['Ana, "Nan"', 'two\nlines']])
    expect(Papa.parse(csv).data).toEqual([
      ['Name', 'Note'],
      ['Ana, "Nan"', 'two\nlines'],
    ])
  })

  it('keeps text typed by the public from running as a spreadsheet formula', () => {
    const csv = toCsv(['Name'], [['=HYPERLINK("http://evil")'], ['+1 512'], ['@sum']])
    const cells = Papa.parse<string[]>(csv)
      .data.slice(1)
      .map(([cell]) => cell)
    expect(cells).toEqual(['\'=HYPERLINK("http://evil")', "'+1 512", "'@sum"])
  })
})
