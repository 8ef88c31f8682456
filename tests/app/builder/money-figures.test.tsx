// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Quote } from '../../../contract/domain'
import { fakeModalDialogs } from '../../support/modal-dialogs'
import { designEntry, emptyPoolData, renderBuilder, stageId, NO_BID } from './harness'

// Every money figure on every screen is the one Money answer's: a change order moves them all.
fakeModalDialogs()
afterEach(cleanup)

const accepted = (n: number, amount: number): Quote => ({
  id: `00000000-0000-4000-8000-0000000009${String(n).padStart(2, '0')}`,
  vendor: `Vendor ${n}`,
  amount,
  note: '',
  createdAt: '2026-06-01T12:00:00.000Z',
  accepted: true,
  tradeId: null,
  ...NO_BID,
})

/** Excavation ($8,320 estimated) at $9,800 and Steel ($2,468 estimated) at $2,500, both accepted. */
const twoContracts = () =>
  emptyPoolData({
    nonStages: [{ ...designEntry(), done: true }],
    poolChoices: [accepted(1, 980_000), accepted(2, 250_000)].map((quote, n) => ({
      StageId: stageId(n === 0 ? 'excavation' : 'steel'),
      choices: {},
      done: false,
      doneAt: null,
      quotes: [quote],
    })),
  })

/** What a list of terms and figures says under `term`. */
const figureIn = (list: HTMLElement, term: string) =>
  within(list).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent

const sidebar = (term: string) =>
  figureIn(screen.getByRole('region', { name: 'Your project' }), term)

const headline = (term: string) => {
  const figures = document.querySelector<HTMLElement>('.budget-figures')
  if (!figures) throw new Error('no budget figures')
  return figureIn(figures, term)
}

const rowCells = (header: string) => {
  const table = screen.getByRole('table', { name: 'Estimate and committed cost by step' })
  const row = within(table).getByRole('rowheader', { name: header }).closest('tr')
  return Array.from(row?.querySelectorAll('td') ?? [], (cell) => cell.textContent)
}

describe('the money figures after a change order', () => {
  it('are the same in the sidebar, the Budget page’s figures and table, and the Overview', async () => {
    const { user, idle } = await renderBuilder('/builder/budget', { poolData: twoContracts() })
    await idle()
    const contract = screen.getByRole('region', { name: 'Excavation' })
    await user.click(within(contract).getByRole('button', { name: 'Add change order' }))
    const dialog = screen.getByRole('dialog', { name: 'Add change order — Excavation' })
    await user.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'Rock')
    await user.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '2,400')
    await user.click(within(dialog).getByRole('button', { name: 'Add change order' }))
    await user.click(within(contract).getByRole('button', { name: 'Approve' }))
    await idle()

    // $9,800 + $2,400 on Excavation and $2,500 on Steel; +$3,880 and +$32 over their estimates.
    expect(headline('Committed')).toBe('$14,700')
    expect(sidebar('Committed')).toBe('$14,700')
    expect(sidebar('Over or under the estimate')).toBe('+$3,912 over')
    expect(rowCells('Excavation')).toEqual(['$8,320', '$12,200', '+$3,880 over', '—'])
    expect(rowCells('Steel')).toEqual(['$2,468', '$2,500', '+$32 over', '—'])
    expect(rowCells('Total')).toEqual(['$38,750', '$14,700', '+$3,912 over', '1 of 13'])
    expect(
      screen.getByRole('img', { name: /committed cost/ }).getAttribute('aria-label'),
    ).toContain('2 of 13 steps have an accepted quote, together $14,700 committed, $0 paid')

    await user.click(screen.getByRole('link', { name: 'Overview' }))
    await screen.findByRole('heading', { level: 1, name: 'Overview' })
    await idle()
    expect(headline('Committed')).toBe('$14,700')
    expect(sidebar('Committed')).toBe('$14,700')
    expect(sidebar('Over or under the estimate')).toBe('+$3,912 over')
  })

  it('say a done step without a price costs nothing, and one still to price is not yet estimated', async () => {
    const { idle } = await renderBuilder('/builder/budget', {
      poolData: emptyPoolData({ nonStages: [{ ...designEntry(), done: true }] }),
    })
    await idle()
    expect(rowCells('Pool Design')).toEqual(['No cost', '—', '—', 'Done'])
    expect(rowCells('Engineering')).toEqual(['Not yet estimated', '—', '—', '—'])
  })
})
