// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { fakeModalDialogs } from '../../support/modal-dialogs'
import { designEntry, emptyPoolData, renderBuilder } from './harness'

fakeModalDialogs()

afterEach(cleanup)

const designed = () => ({ poolData: emptyPoolData({ nonStages: [designEntry()] }) })

async function setStart(view: Awaited<ReturnType<typeof renderBuilder>>) {
  await view.router.navigate({ to: '/builder/$page', params: { page: 'timeline' } })
  await screen.findByRole('heading', { level: 1, name: 'Timeline' })
  await view.idle()
  await view.user.type(screen.getByLabelText('Project start date'), '2026-06-01')
  await view.user.click(screen.getByRole('button', { name: 'Set start date' }))
  await view.idle()
}

async function open(view: Awaited<ReturnType<typeof renderBuilder>>, page: string, title: string) {
  await view.router.navigate({ to: '/builder/$page', params: { page } })
  await screen.findByRole('heading', { level: 1, name: title })
  await view.idle()
  return screen.getByRole('region', { name: 'Schedule' })
}

describe('a step page’s dates', () => {
  it('asks for the start date before it has any', async () => {
    const view = await renderBuilder('/builder/steel', designed())
    await view.idle()
    const dates = screen.getByRole('region', { name: 'Schedule' })
    expect(within(dates).getByRole('link', { name: 'Set the project start date' })).toBeTruthy()
  })

  it('shows the planned and forecast dates and records when the step started', async () => {
    const view = await renderBuilder('/builder/pool-design', designed())
    await setStart(view)
    const dates = await open(view, 'engineering', 'Engineering')
    expect(dates.textContent?.replace(/\s/g, ' ')).toContain('PlannedJun 8 – 19, 2026')
    expect(dates.textContent?.replace(/\s/g, ' ')).toContain('ForecastJun 8 – 19, 2026')
    await view.user.type(within(dates).getByLabelText('Started on'), '2026-06-01')
    await view.user.click(within(dates).getByRole('button', { name: 'Save start date' }))
    await view.idle()
    expect(view.timelineCalls).toHaveBeenCalledWith({
      name: 'setStepStarted',
      body: { step: 'engineering', startedOn: '2026-06-01' },
    })
  })

  it('names the gate, and holds “Mark as done” back until it passed, with the way to it', async () => {
    const view = await renderBuilder('/builder/permits', designed())
    await view.idle()
    await view.user.click(screen.getByRole('button', { name: 'Mark as done' }))
    await view.idle()
    await setStart(view)
    const dates = await open(view, 'excavation', 'Excavation')
    expect(dates.textContent).toContain('Needs the Layout inspection to pass first')
    const progress = screen.getByRole('region', { name: 'Progress' })
    const markDone = within(progress).getByRole('button', { name: 'Mark as done' })
    expect(markDone.hasAttribute('disabled')).toBe(true)
    expect(markDone.getAttribute('aria-describedby')).toBeTruthy()
    expect(
      document.getElementById(markDone.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toContain('Needs the Layout inspection to pass.')
    const way = within(progress).getByRole('link', { name: 'Go to the Layout inspection' })
    expect(way.getAttribute('href')).toBe('/builder/timeline#inspection-layout')
    await view.user.click(way)
    await screen.findByRole('heading', { level: 1, name: 'Timeline' })
    await view.idle()
    expect(view.router.state.location.hash).toBe('inspection-layout')
    const layout = within(document.getElementById('inspection-layout') ?? document.body)
    expect(layout.getByRole('heading', { name: 'Layout inspection' })).toBeTruthy()
    await view.user.click(layout.getByRole('button', { name: 'Schedule inspection' }))
    // Nothing of its checklist is ticked: scheduling asks first.
    await view.user.click(screen.getByRole('button', { name: 'Schedule anyway' }))
    await view.idle()
    await view.user.click(layout.getByRole('button', { name: 'Passed' }))
    await view.idle()
    await open(view, 'excavation', 'Excavation')
    expect(screen.queryByRole('link', { name: 'Go to the Layout inspection' })).toBeNull()
    await view.user.click(screen.getByRole('button', { name: 'Mark as done' }))
    await view.idle()
    expect(screen.getByRole('button', { name: 'Mark as not done' })).toBeTruthy()
  })
})
