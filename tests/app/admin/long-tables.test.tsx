// @vitest-environment jsdom
import { act, cleanup, screen, within } from '@testing-library/react'
import axe from 'axe-core'
import Papa from 'papaparse'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ClientsSection } from '../../../src/features/admin/clients-section'
import { IN_WORKER_FROM } from '../../../src/features/admin/orders'
import { columnOrder } from '../../../src/features/admin/sort-order'
import type { SortAnswer, SortRequest } from '../../../src/features/admin/sort-worker'
import { VIRTUAL_FROM } from '../../../src/features/admin/table-body'
import { WaitingListSection } from '../../../src/features/admin/waiting-list-section'
import { client } from '../../machines/fixtures'
import { blobText, captureDownloads, renderSection, startAdmin } from './harness'

beforeAll(() => {
  // What index.html gives the real page.
  document.documentElement.lang = 'en'
  document.title = 'PoolPath'
})

// jsdom lays nothing out: give the scrolling box the height a screen would, so the table
// renders the rows that fit in it (about 600 / 45 of them, and a few around).
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function height(
    this: HTMLElement,
  ) {
    return this.classList.contains('table-scroll') ? 600 : 0
  })
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const COUNT = 2_000
/** Clients 0001…2000, named so that sorting by name puts them in number order. */
const many = Array.from({ length: COUNT }, (_, i) => ({
  ...client(i + 1),
  name: `Client ${String(i + 1).padStart(4, '0')}`,
}))

const table = () => screen.getByRole('table', { name: 'Clients' })
const bodyRows = () => within(table()).getAllByRole('row').slice(1)
const firstName = () => within(bodyRows()[0] ?? table()).getAllByRole('cell')[0]?.textContent

async function clients() {
  const { actor } = await startAdmin({ Clients: many })
  return renderSection(<ClientsSection actor={actor} />)
}

describe('a long admin table', () => {
  it('renders only the rows in view, and tells screen readers how many rows there are', async () => {
    await clients()
    expect(COUNT).toBeGreaterThan(VIRTUAL_FROM)
    expect(table().getAttribute('aria-rowcount')).toBe(String(COUNT + 1))
    const rows = bodyRows()
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.length).toBeLessThan(100)
    expect(rows.map((row) => row.getAttribute('aria-rowindex')).slice(0, 3)).toEqual([
      '2',
      '3',
      '4',
    ])
    expect(within(table()).getAllByRole('row')[0]?.getAttribute('aria-rowindex')).toBe('1')
  })

  it('searches, sorts and exports the whole list, not the rows in view', async () => {
    const files = captureDownloads()
    const { user } = await clients()
    await user.type(screen.getByRole('searchbox', { name: 'Search clients' }), 'client 1999')
    expect(bodyRows().map((row) => row.getAttribute('aria-rowindex'))).toEqual(['2'])
    expect(firstName()).toBe('Client 1999 c1999@example.com')
    expect(table().getAttribute('aria-rowcount')).toBe('2')

    await user.clear(screen.getByRole('searchbox', { name: 'Search clients' }))
    // Sorted by name already: one click turns it around.
    await user.click(screen.getByRole('button', { name: 'Client' }))
    expect(firstName()).toBe('Client 2000 c2000@example.com')

    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    const [file] = files
    if (!file) throw new Error('no CSV')
    const lines = Papa.parse<string[]>((await blobText(file.blob)).trim()).data
    expect(lines).toHaveLength(COUNT + 1)
    expect(lines[1]?.[0]).toBe('Client 2000')
    expect(lines.at(-1)?.[0]).toBe('Client 0001')
  })

  it('moves the focus from row to row with the arrow keys, Page Down and Home', async () => {
    const { user } = await clients()
    screen.getByRole('region', { name: 'Clients' }).focus()
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement?.getAttribute('aria-rowindex')).toBe('2')
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}')
    expect(document.activeElement?.getAttribute('aria-rowindex')).toBe('3')
    await user.keyboard('{PageDown}')
    expect(document.activeElement?.getAttribute('aria-rowindex')).toBe('13')
    await user.keyboard('{Home}')
    expect(document.activeElement?.getAttribute('aria-rowindex')).toBe('2')
  })

  it('shows a list the worker is still sorting in order from its first row, and searches it', async () => {
    // jsdom has no Worker: this one answers as sort-worker.ts does, when the test says.
    const asked: SortRequest[] = []
    class HeldWorker {
      onmessage: ((event: { data: SortAnswer }) => void) | null = null
      postMessage(request: SortRequest) {
        asked.push(request)
        workers.push(this)
      }
    }
    const workers: HeldWorker[] = []
    vi.stubGlobal('Worker', HeldWorker)
    const longer = Array.from({ length: IN_WORKER_FROM + 1 }, (_, i) => ({
      ...client(i + 1),
      name: `Client ${String(IN_WORKER_FROM + 1 - i).padStart(4, '0')}`,
    }))
    const { actor } = await startAdmin({ Clients: longer })
    const { user } = renderSection(<ClientsSection actor={actor} />)
    expect(table().getAttribute('aria-rowcount')).toBe(String(longer.length + 1))
    expect(firstName()).toBe(`Client 0001 c${IN_WORKER_FROM + 1}@example.com`)
    const [request] = asked
    if (!request) throw new Error('the worker was not asked')
    expect(asked).toHaveLength(1)
    await act(async () =>
      workers[0]?.onmessage?.({ data: { id: request.id, ...columnOrder(request.values) } }),
    )
    expect(firstName()).toBe(`Client 0001 c${IN_WORKER_FROM + 1}@example.com`)
    await user.type(screen.getByRole('searchbox', { name: 'Search clients' }), 'client 0002')
    expect(table().getAttribute('aria-rowcount')).toBe('2')
    vi.unstubAllGlobals()
  })

  it('groups a long waiting list by city, and has no axe violations', async () => {
    const waiting = many.map((c, i) => ({ ...c, onWaiting: true, city: `Town ${i % 3}` }))
    const { actor } = await startAdmin({ UsersOnWaiting: waiting })
    renderSection(<WaitingListSection actor={actor} />)
    const list = screen.getByRole('table')
    // Three city headings and every client.
    expect(list.getAttribute('aria-rowcount')).toBe(String(COUNT + 3 + 1))
    const result = await axe.run(document, { rules: { 'color-contrast': { enabled: false } } })
    expect(result.violations.map((v) => v.id)).toEqual([])
  })
})
