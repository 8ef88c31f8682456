// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { NonStageEntry, Quote } from '../../../contract'
import { projectQuote, projectTrade, projectView } from '../../machines/project-fixtures'
import { uuid } from '../../machines/fixtures'
import { STAGES } from '../builder/harness'
import { openProjects } from './harness'

const PATH = `/admin/projects/${uuid(2)}`
const TABS = ['Overview', 'Timeline', 'Budget', 'Documents', 'Trades', 'Messages']

const permits = (quotes: Quote[]): NonStageEntry => ({
  Title: 'Permits',
  choices: {},
  done: false,
  doneAt: null,
  quotes,
})

const trades = [
  projectTrade(1),
  projectTrade(2, { company: 'Rebar Bros', steps: ['steel'] }),
  projectTrade(3, { company: 'Permit Pros', steps: ['permits'] }),
]

const refused = (detail: string, fieldErrors: Record<string, string[]>) =>
  Object.assign(new Error(detail), { status: 400, code: 'VALIDATION_FAILED', detail, fieldErrors })

describe('a project of the Projects', () => {
  it('reads as tabs: one panel at a time, named by its tab, the arrow keys moving along', async () => {
    const { user } = await openProjects(PATH, 'ADMIN', {
      project: async () => projectView(2, STAGES, { trades }),
    })
    expect(
      await screen.findByRole('heading', { level: 1, name: "Client 2's project" }),
    ).toBeTruthy()
    const tablist = screen.getByRole('tablist', { name: 'Project' })
    expect(
      within(tablist)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(TABS)
    const panel = () => screen.getByRole('tabpanel')
    expect(screen.getByRole('tab', { name: 'Overview', selected: true })).toBeTruthy()
    expect(within(panel()).getByRole('heading', { level: 2 }).textContent).toBe('Overview')
    expect(panel().getAttribute('aria-labelledby')).toBe(
      screen.getByRole('tab', { name: 'Overview' }).id,
    )
    await user.click(screen.getByRole('tab', { name: 'Trades' }))
    expect(within(panel()).getByText(/^Rebar Bros/)).toBeTruthy()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Messages', selected: true })).toBe(
      document.activeElement,
    )
    // The project's threads, the Project's open.
    expect(await within(panel()).findByRole('link', { name: 'Project' })).toBeTruthy()
    await user.keyboard('{Home}')
    expect(screen.getByRole('tab', { name: 'Overview', selected: true })).toBeTruthy()
    // An admin reads; only a manager enters bids.
    expect(screen.queryByRole('button', { name: 'Enter a bid' })).toBeNull()
  })

  it('shows a quote a manager entered as entered by them, on the Budget', async () => {
    const quote = projectQuote(1, { vendor: 'Permit Pros', enteredBy: 'Max Manager' })
    const { user } = await openProjects(PATH, 'ADMIN', {
      project: async () => projectView(2, STAGES, { poolData: { nonStages: [permits([quote])] } }),
    })
    await user.click(await screen.findByRole('tab', { name: 'Budget' }))
    const permitQuotes = screen.getByRole('region', { name: 'Quotes for Permits' })
    expect(within(permitQuotes).getByText('entered by Max Manager')).toBeTruthy()
    expect(within(permitQuotes).getByText('$12,000')).toBeTruthy()
  })

  it('says so when the project is not one of the manager’s', async () => {
    await openProjects(PATH, 'MANAGER', {
      project: async () => {
        throw Object.assign(new Error('gone'), { status: 404, detail: 'No such project.' })
      },
    })
    expect(await screen.findByRole('heading', { name: 'Project not found' })).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe('No such project.')
  })

  it('lets a manager enter a bid: the step’s trades, field errors by the fields, then the quote', async () => {
    let entered: Quote[] = []
    let refuse = true
    const { user, ports } = await openProjects(PATH, 'MANAGER', {
      project: async () =>
        projectView(2, STAGES, { trades, poolData: { nonStages: [permits(entered)] } }),
      enterQuote: async ({ body }) => {
        if (refuse) throw refused('Some fields need attention.', { vendor: ['Vendor is taken'] })
        entered = [projectQuote(1, { vendor: body.vendor, enteredBy: 'Max Manager' })]
        return permits(entered)
      },
    })
    await user.click(await screen.findByRole('button', { name: 'Enter a bid' }))
    const dialog = screen.getByRole('dialog', { name: 'Enter a bid' })
    const trade = within(dialog).getByRole('combobox', { name: 'Trade' })
    const options = () =>
      within(trade)
        .getAllByRole('option')
        .map((o) => o.textContent)
    expect(options()).toEqual(['Not a recorded trade'])
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Step' }), 'Permits')
    expect(options()).toEqual(['Not a recorded trade', 'Permit Pros'])
    await user.click(within(dialog).getByRole('button', { name: 'Save bid' }))
    expect(
      within(dialog)
        .getByRole('textbox', { name: /Vendor/ })
        .getAttribute('aria-invalid'),
    ).toBe('true')
    expect(within(dialog).getByText('Enter who bid')).toBeTruthy()
    expect(ports.enterQuote).not.toHaveBeenCalled()

    await user.selectOptions(trade, 'Permit Pros')
    await user.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '1,200')
    await user.click(within(dialog).getByRole('button', { name: 'Save bid' }))
    expect(await within(dialog).findByText('Vendor is taken')).toBeTruthy()
    expect(ports.enterQuote).toHaveBeenLastCalledWith({
      name: 'enterQuote',
      clientId: uuid(2),
      body: {
        step: 'permits',
        tradeId: trades[2]?.id,
        vendor: 'Permit Pros',
        amount: 120_000,
        note: '',
      },
    })

    refuse = false
    await user.click(within(dialog).getByRole('button', { name: 'Save bid' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await user.click(screen.getByRole('tab', { name: 'Budget' }))
    const permitQuotes = await screen.findByRole('region', { name: 'Quotes for Permits' })
    expect(within(permitQuotes).getByText('entered by Max Manager')).toBeTruthy()
  })
})
