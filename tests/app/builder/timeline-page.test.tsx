// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { fakeModalDialogs } from '../../support/modal-dialogs'
import userEvent from '@testing-library/user-event'
import { apiProblem } from '../auth/harness'
import { createFakeChecklistsApi } from './checklists-fake'
import { designEntry, emptyPoolData, renderBuilder } from './harness'
import { createFakeTimelineApi } from './timeline-fake'

fakeModalDialogs()
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

/**
 * Permits done and the project started: the Timeline, its layout inspection ready (and, unless
 * told, its checklist ticked, so scheduling asks nothing).
 */
async function layoutReady({ ticked = true } = {}) {
  const view = await renderBuilder('/builder/permits', designed())
  await view.idle()
  await view.user.click(screen.getByRole('button', { name: 'Mark as done' }))
  await view.idle()
  await startOnTimeline(view)
  await screen.findByRole('checkbox', { name: 'Setbacks staked per the plan' })
  if (ticked) {
    const layout = within(inspection('Layout inspection'))
    for (const name of ['Setbacks staked per the plan', 'Equipment location staked']) {
      await view.user.click(layout.getByRole('checkbox', { name }))
      await view.idle()
    }
  }
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

  it('says it is loading until the timeline comes, and when it was refused, reads it again', async () => {
    let refuse = true
    let answer: () => void = () => {}
    const answered = new Promise<void>((resolve) => (answer = resolve))
    const timeline = createFakeTimelineApi()
    const checklists = createFakeChecklistsApi()
    await renderBuilder('/builder/timeline', {
      ...designed(),
      clientCall: async (call) => {
        if (call.name === 'checklists') return checklists.handle(call)
        if (call.name !== 'timeline') throw new Error(`unexpected ${call.name}`)
        await answered
        if (refuse)
          throw apiProblem(503, 'UNAVAILABLE', 'The service is busy. Try again in a minute.')
        return timeline.handle(call)
      },
    })
    expect(screen.getByRole('status', { name: 'Loading the timeline' })).toBeTruthy()
    answer()
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('Your timeline did not load')).toBeTruthy()
    refuse = false
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('figure', { name: 'Your dates will appear here' })).toBeTruthy()
    expect(screen.queryByRole('status', { name: 'Loading the timeline' })).toBeNull()
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

describe('the inspections’ checklists', () => {
  it('lists each item by its text, its code reference beside it, and who must be home', async () => {
    await layoutReady({ ticked: false })
    const preGunite = within(inspection('Pre-gunite inspection'))
    expect(preGunite.getByRole('heading', { level: 3, name: 'Checklist' })).toBeTruthy()
    const bonding = preGunite.getByRole('checkbox', {
      name: 'Bonding attached to the steel in four places',
    })
    expect(bonding.getAttribute('aria-describedby')).toBeTruthy()
    expect(preGunite.getByText('NEC 680.26(B)(1)')).toBeTruthy()
    expect(preGunite.getAllByRole('checkbox')).toHaveLength(4)
    expect(
      preGunite.getByLabelText('Photo for Bonding attached to the steel in four places'),
    ).toHaveProperty('type', 'file')
    const layout = within(inspection('Layout inspection'))
    expect(layout.queryByLabelText(/^Photo for/)).toBeNull()
    expect(layout.queryByText('Someone must be home')).toBeNull()
    expect(within(inspection('Barrier inspection')).getByText('Someone must be home')).toBeTruthy()
    expect(within(inspection('Final inspection')).getByText('Someone must be home')).toBeTruthy()
  })

  it('ticks a photo item only once a photo is attached, uploaded as an inspection file', async () => {
    const { user, idle, uploads, checklistCalls } = await layoutReady({ ticked: false })
    const preGunite = within(inspection('Pre-gunite inspection'))
    const name = 'Bonding attached to the steel in four places'
    const ticks = () =>
      checklistCalls.mock.calls.filter(([call]) => call.name === 'tickChecklistItem').length
    await user.click(preGunite.getByRole('checkbox', { name }))
    expect(preGunite.getByRole('alert').textContent).toBe('Add a photo first')
    expect(preGunite.getByRole('checkbox', { name })).toHaveProperty('checked', false)
    expect(ticks()).toBe(0)
    const photo = new File([new Uint8Array(16)], 'bonding.jpg', { type: 'image/jpeg' })
    await user.upload(preGunite.getByLabelText(`Photo for ${name}`), photo)
    await waitFor(() => expect(uploads).toHaveLength(1))
    expect(uploads[0]?.request).toMatchObject({ kind: 'inspection', caption: name })
    const stored = uploads[0]?.finish()
    await waitFor(() => expect(preGunite.getByText('1 photo attached')).toBeTruthy())
    expect(checklistCalls.mock.calls.at(-1)?.[0]).toMatchObject({
      name: 'tickChecklistItem',
      inspection: 'pre-gunite',
      body: { checked: false, fileIds: [stored?.id] },
    })
    await user.click(preGunite.getByRole('checkbox', { name }))
    await idle()
    expect(preGunite.getByRole('checkbox', { name })).toHaveProperty('checked', true)
    expect(preGunite.queryByRole('alert')).toBeNull()
  })

  it('asks "Schedule anyway?" with the unticked items, and keeps the ticked list in the history', async () => {
    const { user, idle } = await layoutReady({ ticked: false })
    const layout = () => within(inspection('Layout inspection'))
    await user.click(layout().getByRole('checkbox', { name: 'Setbacks staked per the plan' }))
    await idle()
    await user.click(layout().getByRole('button', { name: 'Schedule inspection' }))
    const dialog = screen.getByRole('dialog', { name: 'Schedule anyway?' })
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Equipment location staked'])
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(layout().getByText('Ready to schedule')).toBeTruthy()
    await user.click(layout().getByRole('button', { name: 'Schedule inspection' }))
    await user.click(screen.getByRole('button', { name: 'Schedule anyway' }))
    await idle()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(layout().getAllByText('Scheduled for Jun 1, 2026')).toHaveLength(2)
    await user.click(layout().getByRole('button', { name: 'Passed' }))
    await idle()
    const history = layout().getByText('History (2)').closest('details')
    expect(history?.textContent).toContain('1 of 2 checklist items ticked:')
    expect(history?.textContent).toContain('Setbacks staked per the plan')
    expect(history?.textContent).not.toContain('Equipment location staked')
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
