// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import Papa from 'papaparse'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CitiesSection, EngineersSection } from '../../../src/features/admin/directory-sections'
import { city, engineer } from '../../machines/fixtures'
import { blobText, captureDownloads, renderSection, startAdmin } from './harness'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const threeCities = [
  { ...city(1, 'Boise'), state: 'ID', permitFee: 30_000 },
  { ...city(2, 'austin'), state: 'TX', permitFee: 125_050 },
  { ...city(3, 'Chandler'), state: 'AZ', permitFee: 5_000 },
]

/** The text of the first cell of every body row, top to bottom. */
const firstColumn = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent)

describe('admin tables', () => {
  it('sort by the first column at first, and by any header clicked, both ways', async () => {
    const { actor } = await startAdmin({ Cities: threeCities })
    const { user } = renderSection(<CitiesSection actor={actor} />)
    const cityHeader = screen.getByRole('columnheader', { name: /City/ })
    expect(cityHeader.getAttribute('aria-sort')).toBe('ascending')
    expect(firstColumn()).toEqual(['austin', 'Boise', 'Chandler'])

    await user.click(screen.getByRole('button', { name: /Permit fee/ }))
    const feeHeader = screen.getByRole('columnheader', { name: /Permit fee/ })
    expect(feeHeader.getAttribute('aria-sort')).toBe('ascending')
    expect(cityHeader.getAttribute('aria-sort')).toBeNull()
    expect(firstColumn()).toEqual(['Chandler', 'Boise', 'austin'])

    await user.click(screen.getByRole('button', { name: /Permit fee/ }))
    expect(feeHeader.getAttribute('aria-sort')).toBe('descending')
    expect(firstColumn()).toEqual(['austin', 'Boise', 'Chandler'])
  })

  it('label each cell with its column’s header, for the cards they become on a phone', async () => {
    const { actor } = await startAdmin({ Cities: threeCities })
    renderSection(<CitiesSection actor={actor} />)
    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((header) => header.textContent?.replace(/[↕▲▼]/, ''))
    expect(headers).toEqual(['City', 'State', 'Permit fee', 'Time zone', 'Actions'])
    const row = screen.getByRole('row', { name: /Boise/ })
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => [cell.dataset.label, cell.textContent]),
    ).toEqual([
      ['City', 'Boise'],
      ['State', 'ID'],
      ['Permit fee', '$300'],
      ['Time zone', 'America/Chicago'],
      [undefined, 'EditDelete'],
    ])
  })

  it('show money in dollars', async () => {
    const { actor } = await startAdmin({ Cities: threeCities })
    renderSection(<CitiesSection actor={actor} />)
    expect(screen.getByRole('cell', { name: '$1,250.50' })).toBeTruthy()
    expect(screen.getByRole('cell', { name: '$300' })).toBeTruthy()
  })

  it('search every column’s text, case-insensitively, and say when nothing matches', async () => {
    const { actor } = await startAdmin({ Cities: threeCities })
    const { user } = renderSection(<CitiesSection actor={actor} />)
    const search = screen.getByRole('searchbox', { name: 'Search served cities' })
    await user.type(search, 'tx')
    expect(firstColumn()).toEqual(['austin'])
    await user.clear(search)
    await user.type(search, '$50')
    expect(firstColumn()).toEqual(['Chandler'])
    await user.type(search, '9')
    expect(screen.queryByRole('table')).toBeNull()
    expect(screen.getByRole('status').textContent).toBe('Nothing matches “$509”.')
    await user.clear(search)
    expect(firstColumn()).toHaveLength(3)
  })

  it('have an empty state, and nothing to export then', async () => {
    const { actor } = await startAdmin({ Engineers: [] })
    renderSection(<EngineersSection actor={actor} />)
    expect(screen.queryByRole('table')).toBeNull()
    expect(screen.getByRole('status').textContent).toMatch(/^No engineers yet\./)
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Export CSV' }).disabled).toBe(
      true,
    )
  })

  it('export what is shown as CSV: headers, dollars, quoting done by papaparse', async () => {
    const files = captureDownloads()
    const quoted = { ...engineer(8, 'Lee, "Doc" Park'), fee: 150_050 }
    const { actor } = await startAdmin({ Engineers: [engineer(7, 'Ann Bell'), quoted] })
    const { user } = renderSection(<EngineersSection actor={actor} />)
    // Sorted by name already: one click turns it around.
    await user.click(screen.getByRole('button', { name: /Name/ }))
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))

    expect(files.map((f) => f.name)).toEqual(['engineers.csv'])
    const [file] = files
    if (!file) throw new Error('no file was downloaded')
    const text = await blobText(file.blob)
    expect(text).toContain('"Lee, ""Doc"" Park"')
    expect(Papa.parse(text).data).toEqual([
      ['Name', 'Company', 'Email', 'Phone', 'License', 'Fee'],
      ['Lee, "Doc" Park', 'Structa', 'e8@example.com', '555 0100', 'PE-8', '1500.5'],
      ['Ann Bell', 'Structa', 'e7@example.com', '555 0100', 'PE-7', '1500'],
    ])
  })

  it('export only the rows the search leaves', async () => {
    const files = captureDownloads()
    const { actor } = await startAdmin({ Cities: threeCities })
    const { user } = renderSection(<CitiesSection actor={actor} />)
    await user.type(screen.getByRole('searchbox', { name: 'Search served cities' }), 'boise')
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    const [file] = files
    if (!file) throw new Error('no file was downloaded')
    expect(Papa.parse(await blobText(file.blob)).data).toEqual([
      ['City', 'State', 'Permit fee', 'Time zone'],
      ['Boise', 'ID', '300', 'America/Chicago'],
    ])
  })

  it('mark the sample data with a badge, and keep it out of the search and the CSV', async () => {
    const files = captureDownloads()
    const sample = { ...engineer(7, 'Avery Stone'), sample: true as const }
    const { actor } = await startAdmin({ Engineers: [sample, engineer(8, 'Blake Moss')] })
    const { user } = renderSection(<EngineersSection actor={actor} />)
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).queryByText('Sample') !== null)).toEqual([true, false])

    await user.type(screen.getByRole('searchbox'), 'Sample')
    expect(screen.queryByText('Avery Stone')).toBeNull()
    await user.clear(screen.getByRole('searchbox'))
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    const [file] = files
    if (!file) throw new Error('no file was downloaded')
    expect(Papa.parse<string[]>(await blobText(file.blob)).data[1]?.[0]).toBe('Avery Stone')
  })
})
