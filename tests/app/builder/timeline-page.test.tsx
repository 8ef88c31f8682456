// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { designEntry, emptyPoolData, renderBuilder } from './harness'

afterEach(cleanup)

const designed = () => ({ poolData: emptyPoolData({ nonStages: [designEntry()] }) })

const inspection = (title: string) => screen.getByRole('region', { name: title })

type Shown = Pick<Awaited<ReturnType<typeof renderBuilder>>, 'user' | 'idle'>

/** On the Timeline shown: sets the project start date to June 1, 2026. */
async function setStartJune1({ user, idle }: Shown) {
  await user.type(screen.getByLabelText('Project start date'), '2026-06-01')
  await user.click(screen.getByRole('button', { name: 'Set start date' }))
  await idle()
}

/** The Timeline of a designed pool, its start date set to June 1, 2026. */
async function startedOnJune1() {
  const app = await renderBuilder('/builder/timeline', designed())
  await app.idle()
  await setStartJune1(app)
  return app
}

describe('/builder/timeline', () => {
  it('is in the Project navigation, and asks for a start date first', async () => {
    const { idle } = await renderBuilder('/builder/timeline', designed())
    await idle()
    expect(screen.getByRole('heading', { level: 1, name: 'Timeline' })).toBeTruthy()
    const project = screen.getByRole('navigation', { name: 'Project' })
    expect(within(project).getByRole('link', { name: 'Timeline' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Set start date' })).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('refuses a date that is not one, before calling the server', async () => {
    const { user, idle, timelineCalls } = await renderBuilder('/builder/timeline', designed())
    await idle()
    await user.click(screen.getByRole('button', { name: 'Set start date' }))
    const field = screen.getByLabelText('Project start date')
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(timelineCalls.mock.calls.map(([call]) => call.name)).toEqual(['timeline'])
  })

  it('sets the start date, shows the dated plan and offers a re-plan', async () => {
    await startedOnJune1()
    const table = screen.getByRole('table', { name: 'Dates of every step' })
    const design = within(table).getByRole('row', { name: /Pool Design/ })
    expect(design.textContent?.replace(/\s/g, ' ')).toContain('Jun 1 – 5, 2026')
    expect(screen.getByRole('img', { name: /Gantt chart from Jun 1, 2026/ })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Re-plan' })).toBeTruthy()
    expect(screen.getByText('On plan')).toBeTruthy()
  })

  it('makes a calendar address to subscribe to, copies it, and makes a new one on demand', async () => {
    const { user, idle } = await startedOnJune1()
    expect(screen.queryByRole('button', { name: 'Copy link' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Subscribe in your calendar' }))
    await idle()
    const address = screen.getByRole('textbox', { name: 'Your calendar address' })
    expect((address as HTMLInputElement).value).toBe('https://poolpath.test/api/calendar/t1.ics')
    await user.click(screen.getByRole('button', { name: 'Copy link' }))
    expect(await navigator.clipboard.readText()).toBe('https://poolpath.test/api/calendar/t1.ics')
    expect(screen.getByRole('status').textContent).toContain('Link copied')
    await user.click(screen.getByRole('button', { name: 'Make a new address' }))
    await idle()
    expect((address as HTMLInputElement).value).toBe('https://poolpath.test/api/calendar/t2.ics')
  })

  it('schedules an inspection, fails it, passes it, and keeps its history', async () => {
    const { user, idle, router } = await renderBuilder('/builder/permits', designed())
    await idle()
    await user.click(screen.getByRole('button', { name: 'Mark as done' }))
    await idle()
    await router.navigate({ to: '/builder/$page', params: { page: 'timeline' } })
    await screen.findByRole('heading', { level: 1, name: 'Timeline' })
    await idle()
    await setStartJune1({ user, idle })
    const layout = () => within(inspection('Layout inspection'))
    expect(layout().getByText('Ready to schedule')).toBeTruthy()
    await user.click(layout().getByRole('button', { name: 'Schedule inspection' }))
    await idle()
    // The current status, and the same line in the history.
    expect(layout().getAllByText('Scheduled for Jun 1, 2026')).toHaveLength(2)
    await user.type(layout().getByLabelText('Notes'), 'Setback short')
    await user.click(layout().getByRole('button', { name: 'Failed' }))
    await idle()
    expect(layout().getAllByText('Failed on Jun 1, 2026 — Setback short')).toHaveLength(2)
    await user.click(layout().getByRole('button', { name: 'Schedule inspection' }))
    await idle()
    // The failure keeps its notes in the history; the next result starts without them.
    expect(layout().getByLabelText('Notes')).toHaveProperty('value', '')
    await user.click(layout().getByRole('button', { name: 'Passed' }))
    await idle()
    expect(layout().getAllByText('Passed').length).toBeGreaterThan(0)
    expect(layout().queryByRole('button', { name: 'Schedule inspection' })).toBeNull()
    expect(layout().getByText('History (4)')).toBeTruthy()
  })
})

describe('the Overview’s dates and emails', () => {
  it('shows the forecast finish and the slip, and asks for the start date first', async () => {
    const { user, idle, router } = await renderBuilder('/builder/overview', designed())
    await idle()
    const next = screen.getByRole('region', { name: 'Next steps' })
    expect(within(next).getAllByRole('link')[0]?.textContent).toBe('Set the project start date')
    await router.navigate({ to: '/builder/$page', params: { page: 'timeline' } })
    await screen.findByRole('heading', { level: 1, name: 'Timeline' })
    await idle()
    await setStartJune1({ user, idle })
    await router.navigate({ to: '/builder/$page', params: { page: 'overview' } })
    await screen.findByRole('heading', { level: 1, name: 'Overview' })
    await idle()
    const progress = screen.getByRole('region', { name: 'Progress' })
    expect(progress.textContent).toContain('Forecast finish')
    expect(progress.textContent).toContain('On plan')
  })

  it('turns an email switch off and on through the notifications call', async () => {
    const { user, idle, timelineCalls } = await renderBuilder('/builder/overview', designed())
    await idle()
    const inspections = await screen.findByRole('switch', { name: 'Email me about inspections' })
    expect((inspections as HTMLInputElement).checked).toBe(true)
    await user.click(inspections)
    await idle()
    expect(timelineCalls).toHaveBeenLastCalledWith({
      name: 'setNotifications',
      body: { inspectionReminders: false, stepUpdates: true, warrantyReminders: true },
    })
    expect(
      (screen.getByRole('switch', { name: 'Email me about inspections' }) as HTMLInputElement)
        .checked,
    ).toBe(false)
    expect(screen.getByRole('switch', { name: 'Email me about step updates' })).toBeTruthy()
    expect(screen.getByRole('switch', { name: 'Email me about warranties' })).toBeTruthy()
  })
})
