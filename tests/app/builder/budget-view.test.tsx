// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import axe from 'axe-core'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { fakeModalDialogs } from '../../support/modal-dialogs'
import { designEntry, emptyPoolData, renderBuilder, stageId } from './harness'

beforeAll(() => {
  document.documentElement.lang = 'en'
  document.title = 'PoolPath'
  fakeModalDialogs()
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

async function openBudget() {
  const view = await renderBuilder('/builder/excavation', { poolData: quotedProject() })
  const button = screen.getByRole('button', { name: 'View budget' })
  await view.user.click(button)
  const dialog = screen.getByRole('dialog', { name: 'Project budget' })
  return { ...view, button, dialog }
}

describe('the budget view', () => {
  it('shows each step’s estimate and accepted quote, as a chart and a table, with totals', async () => {
    const { dialog } = await openBudget()
    const chart = within(dialog).getByRole('img')
    expect(chart.getAttribute('aria-label')).toContain('Estimates total $38,750')
    expect(chart.getAttribute('aria-label')).toContain('1 of 13 steps have an accepted quote')

    const table = within(dialog).getByRole('table')
    expect(rowCells(table, 'Excavation')).toEqual(['$8,320', '$9,000', '+$680', 'Done'])
    expect(rowCells(table, 'Steel')).toEqual(['$2,468', '—', '—', '—'])
    expect(rowCells(table, 'Permits')).toEqual(['$450', '—', '—', '—'])
    expect(rowCells(table, 'Engineering')).toEqual(['Not yet estimated', '—', '—', '—'])
    expect(rowCells(table, 'Total')).toEqual(['$38,750', '$9,000', '+$680', '1 of 13'])
    expect(await violations()).toEqual([])
  })

  it('closes with its Close button and gives focus back to the button that opened it', async () => {
    const { user, button, dialog } = await openBudget()
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(button)
  })

  it('prints the summary with the browser’s print', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {})
    const { user, dialog } = await openBudget()
    await user.click(within(dialog).getByRole('button', { name: 'Print summary' }))
    expect(print).toHaveBeenCalledTimes(1)
  })
})
