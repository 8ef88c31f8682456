// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { STEPS } from '../../../contract/steps'
import {
  designEntry,
  emptyPoolData,
  excavationWith,
  quote,
  renderBuilder,
  stageId,
} from './harness'

const budgetValue = (term: string) => {
  const budget = screen.getByRole('region', { name: 'Your project' })
  const label = within(budget).getByText(term)
  return label.nextElementSibling?.textContent
}

afterEach(cleanup)

describe('builder layout', () => {
  it('lists the 13 steps in construction order, then the helpers, named by title', async () => {
    await renderBuilder('/builder/excavation')
    const nav = screen.getByRole('navigation', { name: 'Build steps' })
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent)
    expect(names).toEqual([...STEPS.map((s) => s.title), 'Project builder', 'Project managers'])
    const current = within(nav).getByRole('link', { name: 'Excavation' })
    expect(current.getAttribute('aria-current')).toBe('page')
  })

  it('renders each kind of known page by its slug', async () => {
    const pages: [string, string][] = [
      ['/builder/excavation', 'Excavation'],
      ['/builder/pool-design', 'Pool Design'],
      ['/builder/project-managers', 'Project managers'],
    ]
    for (const [path, title] of pages) {
      const { router } = await renderBuilder(path)
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title)
      expect(router.state.matches.at(-1)?.status).toBe('success')
      cleanup()
    }
  })

  it('answers an unknown page with the router’s not-found, its navigation kept', async () => {
    const { router } = await renderBuilder('/builder/no-such-step')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found')
    const page = router.state.matches.find((m) => m.routeId === '/builder/$page')
    expect(page?.status).toBe('notFound')
    expect(screen.getByRole('navigation', { name: 'Build steps' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go to the first step' }).getAttribute('href')).toBe(
      '/builder',
    )
  })

  it('ticks the done steps, keeping each link named by its title, and shows the progress', async () => {
    const poolData = emptyPoolData({
      nonStages: [{ ...designEntry(), done: true }],
      poolChoices: [
        { StageId: stageId('steel'), choices: {}, done: true, doneAt: null, quotes: [] },
      ],
    })
    await renderBuilder('/builder/steel', { poolData })
    const nav = screen.getByRole('navigation', { name: 'Build steps' })
    expect(within(nav).getByRole('link', { name: 'Steel' }).textContent).toBe('Steel✓')
    expect(within(nav).getByRole('link', { name: 'Plumbing' }).textContent).toBe('Plumbing')
    const progress = screen.getByRole('progressbar', { name: '2 of 13 steps done' })
    expect(progress.getAttribute('value')).toBe('2')
  })

  it('says no quote is accepted yet rather than a total of $0', async () => {
    const { idle } = await renderBuilder('/builder/excavation', {
      poolData: emptyPoolData({ nonStages: [designEntry()] }),
    })
    await idle()
    expect(budgetValue('Estimate total')).toBe('$38,750')
    expect(budgetValue('Committed')).toBe('None yet')
    expect(budgetValue('Over or under the estimate')).toBe('No quotes yet')
  })

  it('keeps a running budget: estimates, the committed cost and the gap on those steps', async () => {
    const poolData = excavationWith(
      quote({ id: '00000000-0000-4000-8000-000000000701', amount: 900_001 }),
      quote({ id: '00000000-0000-4000-8000-000000000700', accepted: true }),
    )
    const { idle } = await renderBuilder('/builder/excavation', { poolData })
    await idle()
    // The reference pool's nine stages ($38,300) and the permit fee ($450).
    expect(budgetValue('Estimate total')).toBe('$38,750')
    expect(budgetValue('Committed')).toBe('$9,000')
    // Excavation is estimated at $8,320.
    expect(budgetValue('Over or under the estimate')).toBe('+$680 over')
  })
  it('folds the running budget into a one-line summary that opens and closes its details', async () => {
    const { user } = await renderBuilder('/builder/excavation', {
      poolData: emptyPoolData({ nonStages: [designEntry()] }),
    })
    const budget = screen.getByRole('region', { name: 'Your project' })
    const toggle = within(budget).getByRole('button', { name: '0 of 13 done $38,750' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    const details = document.getElementById(toggle.getAttribute('aria-controls') ?? '')
    expect(details?.textContent).toContain('Estimate total$38,750')
    expect(details?.classList.contains('running-budget-expanded')).toBe(false)

    await user.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(details?.classList.contains('running-budget-expanded')).toBe(true)
    // It stays open from page to page: the sidebar is not drawn again.
    await user.click(screen.getByRole('link', { name: 'Steel' }))
    await screen.findByRole('heading', { level: 1, name: 'Steel' })
    expect(toggle.getAttribute('aria-expanded')).toBe('true')

    await user.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(details?.classList.contains('running-budget-expanded')).toBe(false)
  })

  it('sums up "No estimate yet" before the pool design is saved', async () => {
    await renderBuilder('/builder/excavation')
    const budget = screen.getByRole('region', { name: 'Your project' })
    expect(
      within(budget).getByRole('button', { name: '0 of 13 done No estimate yet' }),
    ).toBeTruthy()
  })

  it('shows no estimate total before the pool design is saved, not $0 or a part of it', async () => {
    await renderBuilder('/builder/excavation', { poolData: emptyPoolData({ PermitFee: 45_000 }) })
    expect(budgetValue('Estimate total')).toBe('After your pool design')
  })
})
