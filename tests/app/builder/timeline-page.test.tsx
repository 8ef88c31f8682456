// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { designEntry, emptyPoolData, renderBuilder } from './harness'

afterEach(cleanup)

const designed = () => ({ poolData: emptyPoolData({ nonStages: [designEntry()] }) })

const inspection = (title: string) => screen.getByRole('region', { name: title })

/** To the Timeline, and the project started on the fake's today. */
async function startOnTimeline({ user, idle, router }: Awaited<ReturnType<typeof renderBuilder>>) {
  await router.navigate({ to: '/builder/$page', params: { page: 'timeline' } })
  await screen.findByRole('heading', { level: 1, name: 'Timeline' })
  await idle()
  await user.type(screen.getByLabelText('Project start date'), '2026-06-01')
  await user.click(screen.getByRole('button', { name: 'Set start date' }))
  await idle()
}

/** Permits done and the project started: the Timeline, its layout inspection ready. */
async function layoutReady() {
  const view = await renderBuilder('/builder/permits', designed())
  await view.idle()
  await view.user.click(screen.getByRole('button', { name: 'Mark as done' }))
  await view.idle()
  await startOnTimeline(view)
  return view
}

/** The Timeline of a designed pool, started on the fake's today. */
async function startedOnJune1() {
  const view = await renderBuilder('/builder/timeline', designed())
  await view.idle()
  await startOnTimeline(view)
  return view
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

  it('shows a preview of the 13 steps until it has dates, under the field that starts it', async () => {
    const { idle } = await renderBuilder('/builder/timeline', designed())
    await idle()
    const preview = screen.getByRole('figure', { name: 'Your dates will appear here' })
    expect(preview.textContent).toContain('Preview')
    expect(preview.textContent).toContain(
      'Set the project start date to see every step on a calendar.',
    )
    // The outline is decoration: hidden from screen readers, one faint bar per step.
    expect(within(preview).queryByRole('list')).toBeNull()
    const outline = within(preview).getByRole('list', { hidden: true })
    expect(outline.getAttribute('aria-hidden')).toBe('true')
    const rows = within(outline).getAllByRole('listitem', { hidden: true })
    expect(rows.map((row) => row.textContent)).toHaveLength(13)
    expect(rows[0]?.textContent).toBe('Pool Design')
    expect(rows.at(-1)?.textContent).toBe('Pool Startup')
    expect(screen.getByLabelText('Project start date')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Set start date' })).toBeTruthy()
  })

  it('takes the preview away once the plan is dated', async () => {
    await startedOnJune1()
    expect(screen.queryByRole('figure', { name: 'Your dates will appear here' })).toBeNull()
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
    const { user, idle } = await layoutReady()
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

  it('offers Passed and Failed once the inspection’s day has come, or its date is changed', async () => {
    const { user, idle } = await layoutReady()
    const layout = () => within(inspection('Layout inspection'))
    const date = layout().getByLabelText('Inspection date')
    await user.clear(date)
    await user.type(date, '2026-06-02')
    await user.click(layout().getByRole('button', { name: 'Schedule inspection' }))
    await idle()
    expect(layout().getAllByText('Scheduled for Jun 2, 2026')).toHaveLength(2)
    expect(layout().queryByRole('button', { name: 'Passed' })).toBeNull()
    expect(layout().queryByRole('button', { name: 'Failed' })).toBeNull()
    expect(layout().getByText(/You can record the result from Jun 2, 2026/)).toBeTruthy()
    await user.clear(layout().getByLabelText('Inspection date'))
    await user.type(layout().getByLabelText('Inspection date'), '2026-06-01')
    const notes = layout().getByRole('textbox', { name: 'Notes' })
    expect(notes.tagName).toBe('TEXTAREA')
    await user.type(notes, 'Setback checked{enter}Forms square')
    await user.click(layout().getByRole('button', { name: 'Passed' }))
    await idle()
    expect(
      layout().getAllByText(/^Passed on Jun 1, 2026 — Setback checked\sForms square$/),
    ).toHaveLength(2)
  })
})

describe('the Overview’s dates and emails', () => {
  it('shows the forecast finish and the slip, and asks for the start date first', async () => {
    const view = await renderBuilder('/builder/overview', designed())
    const { idle, router } = view
    await idle()
    const next = screen.getByRole('region', { name: 'Next steps' })
    expect(within(next).getAllByRole('link')[0]?.textContent).toBe('Set the project start date')
    await startOnTimeline(view)
    await router.navigate({ to: '/builder/$page', params: { page: 'overview' } })
    await screen.findByRole('heading', { level: 1, name: 'Overview' })
    await idle()
    const progress = screen.getByRole('region', { name: 'Progress' })
    expect(progress.textContent).toContain('Forecast finish')
    expect(progress.textContent).toContain('On plan')
  })

  it.each([
    ['Email me about inspections', 'inspectionReminders'],
    ["Email me about trades' insurance", 'tradeInsurance'],
  ] as const)('turns “%s” off through the notifications call', async (name, key) => {
    const { user, idle, timelineCalls } = await renderBuilder('/builder/overview', designed())
    await idle()
    const emailSwitch = await screen.findByRole('switch', { name })
    expect((emailSwitch as HTMLInputElement).checked).toBe(true)
    await user.click(emailSwitch)
    await idle()
    const allOn = {
      inspectionReminders: true,
      stepUpdates: true,
      warrantyReminders: true,
      tradeInsurance: true,
    }
    expect(timelineCalls).toHaveBeenLastCalledWith({
      name: 'setNotifications',
      body: { ...allOn, [key]: false },
    })
    expect((screen.getByRole('switch', { name }) as HTMLInputElement).checked).toBe(false)
    for (const other of ['Email me about step updates', 'Email me about warranties'])
      expect(screen.getByRole('switch', { name: other })).toBeTruthy()
  })
})

describe('the Gantt chart', () => {
  /** The chart after setting the start date, and where its today line is drawn. */
  async function chartFrom(startDate: string) {
    const { user, idle } = await renderBuilder('/builder/timeline', designed())
    await idle()
    await user.type(screen.getByLabelText('Project start date'), startDate)
    await user.click(screen.getByRole('button', { name: 'Set start date' }))
    await idle()
    const chart = screen.getByRole('region', { name: 'Gantt chart' })
    const todayX = Number(chart.querySelector('.gantt-today line')?.getAttribute('x1'))
    return { chart, todayX }
  }

  // A phone shows about 230 px of bars beside the steps' names.
  const PHONE_BARS = 230

  it('opens scrolled to today, with what is next in view, when the build began weeks ago', async () => {
    const { chart, todayX } = await chartFrom('2026-04-06')
    expect(todayX).toBeGreaterThan(PHONE_BARS)
    expect(chart.scrollLeft).toBeGreaterThan(0)
    expect(todayX - chart.scrollLeft).toBeGreaterThanOrEqual(0)
    expect(todayX - chart.scrollLeft).toBeLessThan(PHONE_BARS / 2)
  })

  it('opens at the project start when today is before it', async () => {
    const { chart, todayX } = await chartFrom('2026-08-03')
    expect(todayX).toBe(0)
    const design = chart.querySelector('.gantt-forecast')
    const startX = Number(design?.getAttribute('x'))
    expect(startX - chart.scrollLeft).toBeGreaterThanOrEqual(0)
    expect(startX - chart.scrollLeft).toBeLessThan(PHONE_BARS / 2)
  })
})
