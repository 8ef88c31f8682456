// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import axe from 'axe-core'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { designEntry, emptyPoolData, renderBuilder, stageId, NO_BID } from './harness'

beforeAll(() => {
  document.documentElement.lang = 'en'
  document.title = 'PoolPath'
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

/** The reference design saved, Excavation quoted at $9,000 (accepted) and marked done. */
const quotedProject = () =>
  emptyPoolData({
    nonStages: [designEntry()],
    poolChoices: [
      {
        StageId: stageId('excavation'),
        choices: {},
        done: true,
        doneAt: '2026-06-01T12:00:00.000Z',
        quotes: [
          {
            id: '00000000-0000-4000-8000-000000000701',
            vendor: 'Dig Co',
            amount: 900_000,
            note: '',
            createdAt: '2026-06-01T12:00:00.000Z',
            accepted: true,
            tradeId: null,
            ...NO_BID,
          },
        ],
      },
    ],
  })

/** The cells of a table row, found by its header, as text. */
const rowCells = (table: HTMLElement, header: string) => {
  const row = within(table).getByRole('rowheader', { name: header }).closest('tr')
  return Array.from(row?.querySelectorAll('td') ?? [], (cell) => cell.textContent)
}

async function violations() {
  const result = await axe.run(document, { rules: { 'color-contrast': { enabled: false } } })
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)
}

describe('the Budget page', () => {
  it('shows nothing committed or remaining before a quote is accepted', async () => {
    const { idle } = await renderBuilder('/builder/budget', {
      poolData: emptyPoolData({ nonStages: [designEntry()] }),
    })
    await idle()
    const figures = screen.getByText('Remaining').closest('dl')
    expect(figures?.textContent).toBe('Estimate$38,750CommittedNone yetPaid$0Remaining—')
  })

  it('shows the figures, and each step’s estimate and committed cost as a chart and a table', async () => {
    const { idle } = await renderBuilder('/builder/budget', { poolData: quotedProject() })
    await idle()
    expect(screen.getByRole('heading', { level: 1, name: 'Budget' })).toBeTruthy()
    const figures = screen.getByText('Remaining').closest('dl')
    expect(figures?.textContent).toBe('Estimate$38,750Committed$9,000Paid$0Remaining$9,000')

    const chart = screen.getByRole('img', { name: /committed cost/ })
    expect(chart.getAttribute('aria-label')).toContain('Estimates total $38,750')
    expect(chart.getAttribute('aria-label')).toContain(
      '1 of 13 steps have an accepted quote, together $9,000 committed, $0 paid',
    )
    // The bars carry their amounts, over an axis that ends past the largest one.
    expect(chart.textContent).toContain('$9,000')
    expect(chart.textContent).toContain('$10K')

    const table = screen.getByRole('table', { name: 'Estimate and committed cost by step' })
    expect(rowCells(table, 'Excavation')).toEqual(['$8,320', '$9,000', '+$680 over', 'Done'])
    expect(rowCells(table, 'Steel')).toEqual(['$2,468', '—', '—', '—'])
    expect(rowCells(table, 'Permits')).toEqual(['$450', '—', '—', '—'])
    expect(rowCells(table, 'Engineering')).toEqual(['Not yet estimated', '—', '—', '—'])
    expect(rowCells(table, 'Total')).toEqual(['$38,750', '$9,000', '+$680 over', '1 of 13'])
    expect(await violations()).toEqual([])
  })

  it('puts each step’s amounts on its own bars, in dollars, under a heading with the table', async () => {
    const { idle } = await renderBuilder('/builder/budget', { poolData: quotedProject() })
    await idle()
    const byStep = screen.getByRole('region', { name: 'By step' })
    const chart = within(byStep).getByRole('img', { name: /committed cost/ })
    expect(within(byStep).getByRole('table', { name: /by step/ })).toBeTruthy()
    const barValues = (step: string) => {
      const row = within(chart).getByText(step, { exact: true }).parentElement
      return Array.from(row?.querySelectorAll('.budget-bar-line') ?? [], (bar) => bar.textContent)
    }
    expect(barValues('Excavation')).toEqual(['$8,320', '$9,000'])
    expect(barValues('Steel')).toEqual(['$2,468'])
    expect(barValues('Permits')).toEqual(['$450'])
    // A step without an amount has the table's words on the chart too.
    const missing = (step: string) =>
      within(chart)
        .getByText(step, { exact: true })
        .parentElement?.querySelector('.budget-bar-none')?.textContent
    expect(missing('Pool Design')).toBe('No cost')
    expect(missing('Engineering')).toBe('Not yet estimated')
    expect(rowCells(screen.getByRole('table', { name: /by step/ }), 'Pool Design')[0]).toBe(
      'No cost',
    )
  })

  it('totals no committed cost as a dash, like each of its steps', async () => {
    const { idle } = await renderBuilder('/builder/budget', {
      poolData: emptyPoolData({ nonStages: [designEntry()] }),
    })
    await idle()
    const table = screen.getByRole('table', { name: 'Estimate and committed cost by step' })
    expect(rowCells(table, 'Excavation')).toEqual(['$8,320', '—', '—', '—'])
    expect(rowCells(table, 'Total')).toEqual(['$38,750', '—', '—', '0 of 13'])
  })

  it('is where the sidebar’s View budget leads', async () => {
    const { user, router } = await renderBuilder('/builder/excavation', {
      poolData: quotedProject(),
    })
    await user.click(screen.getByRole('button', { name: 'View budget' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Budget' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/builder/budget')
  })

  it('prints the summary with the browser’s print, headed by the client and the design', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {})
    const { user } = await renderBuilder('/builder/budget', { poolData: quotedProject() })
    await user.click(screen.getByRole('button', { name: 'Print summary' }))
    expect(print).toHaveBeenCalledTimes(1)
    expect(document.querySelector('.budget-print-only')?.textContent).toMatch(
      /Rectangle, 32 × 16 ft, 3\.5–6 ft deep, 4 ft deck/,
    )
  })
})
