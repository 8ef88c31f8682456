import type { Page } from 'playwright-core'
import { formatISO, parseISO, subDays } from 'date-fns'
import { dayIn } from '../../contract/time-zones'
import { describe, expect, it } from 'vitest'
import { formatSpan } from '../../src/features/builder/timeline-dates'
import { eventsOf } from '../support/ical'
import { accounts } from './support/accounts'
import { DESKTOP, PHONE } from './support/browser'
import { useE2e } from './support/e2e'
import { horizontalOverflow } from './support/layout-checks'
import { designedClient, expectSound } from './support/pages'

// A build on a calendar, from a client's browser and the back office (PRODUCT.md §9).
const e2e = useE2e({ env: { LOGIN_LIMIT_PER_EMAIL: '100' } })
const { serveCity, onboard, signInAsAdmin } = accounts(e2e)

/**
 * The project's today plus `days`, as a date field takes it: the day in the Texas cities' zone,
 * which the server checks dates against (the UTC day is a day ahead of it every evening).
 */
const fromToday = (days: number) =>
  dayIn(new Date(Date.now() + days * 86_400_000), 'America/Chicago')

/**
 * A new client in `city` (TX) on a page of their own, with the reference design saved and the
 * project starting `startInDays` from today.
 */
async function plannedClient(city: string, name: string, startInDays: number) {
  const opened = await designedClient(e2e, { serveCity, onboard }, { city, name })
  const { page } = opened
  await page.goto('/builder/timeline')
  await page.getByRole('textbox', { name: 'Project start date' }).fill(fromToday(startInDays))
  await page.getByRole('button', { name: 'Set start date' }).click()
  await page.getByRole('button', { name: 'Re-plan' }).waitFor()
  return opened
}

async function openTimeline(page: Page) {
  await page.goto('/builder/timeline')
  await page.getByRole('heading', { level: 1, name: 'Timeline' }).waitFor()
  await page.getByRole('table', { name: 'Dates of every step' }).waitFor()
}

const forecastFinish = (page: Page) =>
  page.getByRole('region', { name: 'Finish' }).locator('dd').first().textContent()

async function markDone(page: Page, route: string) {
  await page.goto(`/builder/${route}`)
  await page.getByRole('region', { name: 'Schedule' }).waitFor()
  await page.getByRole('button', { name: 'Mark as done' }).click()
  await page.getByRole('button', { name: 'Mark as not done' }).waitFor()
}

const inspection = (page: Page, title: string) => page.getByRole('region', { name: title })

/**
 * Schedules the inspection for today (its checklist unticked: anyway), then records `outcome`
 * with `notes`.
 */
async function inspect(page: Page, title: string, outcome: 'Passed' | 'Failed', notes = '') {
  const card = inspection(page, title)
  await card.getByRole('textbox', { name: 'Inspection date' }).fill(fromToday(0))
  await card.getByRole('button', { name: 'Schedule inspection' }).click()
  await page
    .getByRole('dialog', { name: 'Schedule anyway?' })
    .getByRole('button', { name: 'Schedule anyway' })
    .click()
  await card.getByText('Scheduled', { exact: true }).waitFor()
  if (notes) await card.getByRole('textbox', { name: 'Notes' }).fill(notes)
  await card.getByRole('button', { name: outcome }).click()
  await card.getByText(outcome, { exact: true }).first().waitFor()
  // A pass takes the form and its buttons away: focus is on the card's title, not lost.
  if (outcome === 'Passed') {
    await expect
      .poll(() =>
        card.getByRole('heading', { name: title }).evaluate((h) => h === document.activeElement),
      )
      .toBe(true)
  }
}

describe('the timeline', () => {
  it('dates the plan, gates Shotcrete on its inspection, and follows what happened', async () => {
    const { page, problems } = await plannedClient('Austin', 'Pat', 14)
    await openTimeline(page)
    const planned = await forecastFinish(page)
    expect(await page.getByRole('region', { name: 'Finish' }).textContent()).toContain('On plan')
    await expectSound(page)

    for (const route of ['pool-design', 'engineering', 'permits']) await markDone(page, route)
    await openTimeline(page)
    await inspect(page, 'Layout inspection', 'Passed')
    for (const route of ['excavation', 'steel', 'plumbing', 'electrical']) {
      await markDone(page, route)
    }

    // Shotcrete before its inspection passed: "Mark as done" waits, saying for what.
    await page.goto('/builder/shotcrete')
    const dates = page.getByRole('region', { name: 'Schedule' })
    await dates.getByText('Needs the Pre-gunite inspection to pass first').waitFor()
    const progress = page.getByRole('region', { name: 'Progress' })
    await progress.getByText('Needs the Pre-gunite inspection to pass.').waitFor()
    expect(await progress.getByRole('button', { name: 'Mark as done' }).isDisabled()).toBe(true)
    await expectSound(page)
    await progress.getByRole('link', { name: 'Go to the Pre-gunite inspection' }).click()
    await page.waitForURL('**/builder/timeline#inspection-pre-gunite')
    await openTimeline(page)
    await inspect(page, 'Pre-gunite inspection', 'Failed', 'Bonding wire missing')
    const preGunite = inspection(page, 'Pre-gunite inspection')
    expect(await preGunite.textContent()).toContain('Bonding wire missing')
    await inspect(page, 'Pre-gunite inspection', 'Passed')
    await preGunite.getByText('History (4)').click()
    expect(await preGunite.locator('details').getByRole('listitem').count()).toBe(4)
    await expectSound(page)

    await markDone(page, 'shotcrete')
    // Seven steps done two weeks before the start date: the forecast finish moved earlier.
    await openTimeline(page)
    const early = await forecastFinish(page)
    expect(early).not.toBe(planned)
    expect(await page.getByRole('region', { name: 'Finish' }).textContent()).toMatch(/days? early/)

    await page.goto('/builder/overview')
    await page.getByRole('switch', { name: 'Email me about inspections' }).waitFor()
    // The forecast arrives with the timeline, which loads after the project.
    expect(early).toBeTruthy()
    await page
      .getByRole('region', { name: 'Progress' })
      .getByText(early ?? '', { exact: true })
      .waitFor()
    await expectSound(page)

    // The back office makes tiling take 30 working days: the client's forecast moves later.
    const admin = await e2e.openPage()
    await signInAsAdmin(admin.page)
    await admin.page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Schedule' })
      .click()
    await admin.page.getByRole('heading', { level: 1, name: 'Schedule' }).waitFor()
    const tile = admin.page.getByRole('textbox', { name: 'Duration for Tile & Coping' })
    await tile.fill('121')
    await admin.page.getByRole('button', { name: 'Save Tile & Coping' }).click()
    await admin.page.getByText('A duration is a whole number of days from 0 to 120.').waitFor()
    await tile.fill('30')
    await admin.page.getByRole('button', { name: 'Save Tile & Coping' }).click()
    await admin.page.getByRole('status').filter({ hasText: 'Saved' }).waitFor()
    await expectSound(admin.page)

    await openTimeline(page)
    const later = await forecastFinish(page)
    expect(later).not.toBe(early)
    expect(problems).toEqual([])
    expect(admin.problems).toEqual([])
  })

  it('previews the steps before a start date, inside a 390 px window', async () => {
    const { page, problems } = await designedClient(
      e2e,
      { serveCity, onboard },
      { city: 'Waco', name: 'Ida' },
    )
    await page.setViewportSize(PHONE)
    await page.goto('/builder/timeline')
    const preview = page.getByRole('figure', { name: 'Your dates will appear here' })
    await preview.waitFor()
    const outline = await preview.locator('ol').evaluate((list) => {
      const box = list.getBoundingClientRect()
      const rows = [...list.querySelectorAll('li')]
      return {
        rows: rows.length,
        barsInside: rows.every((row) => {
          const bar = row.querySelector('.timeline-preview-bar')?.getBoundingClientRect()
          return !!bar && bar.width > 0 && bar.left >= box.left && bar.right <= box.right
        }),
      }
    })
    expect(outline).toEqual({ rows: 13, barsInside: true })
    expect(await horizontalOverflow(page)).toEqual([])
    await page.getByRole('button', { name: 'Set start date' }).waitFor()
    expect(problems).toEqual([])
  })

  it('opens the Gantt chart at today, its labels 13 px or larger, at 1280 and 390 px', async () => {
    // Four months into the build: today is far right of where the chart begins.
    const { page, problems } = await plannedClient('Houston', 'Gus', -120)
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size)
      await openTimeline(page)
      const chart = await page.getByRole('region', { name: 'Gantt chart' }).evaluate((region) => {
        const box = region.getBoundingClientRect()
        const labels = region.querySelector('.gantt-labels')?.getBoundingClientRect()
        const today = region.querySelector('.gantt-today line')?.getBoundingClientRect()
        const texts = region.querySelectorAll('.gantt-labels li, .gantt text')
        const sizes = [...texts].map((text) => parseFloat(getComputedStyle(text).fontSize))
        return {
          from: labels?.right,
          to: box.right,
          today: today?.left,
          smallest: Math.min(...sizes),
        }
      })
      expect(chart.today, `today's line at ${size.width} px`).toBeGreaterThanOrEqual(
        chart.from ?? 0,
      )
      expect(chart.today, `today's line at ${size.width} px`).toBeLessThanOrEqual(chart.to)
      expect(chart.smallest).toBeGreaterThanOrEqual(13)
    }
    expect(problems).toEqual([])
  })

  it('subscribes a calendar to the dated plan, copies its address and can retire it', async () => {
    await serveCity('Dallas', 'TX')
    const { page, problems } = await e2e.openPage({
      permissions: ['clipboard-read', 'clipboard-write'],
    })
    await onboard(page, { city: 'Dallas', state: 'TX', name: 'Cal', email: 'cal@example.com' })
    await page.waitForURL('**/builder/pool-design')
    await page.goto('/builder/timeline')
    await page.getByRole('textbox', { name: 'Project start date' }).fill(fromToday(10))
    await page.getByRole('button', { name: 'Set start date' }).click()
    await page.getByRole('button', { name: 'Re-plan' }).waitFor()

    const calendar = page.getByRole('region', { name: 'Calendar' })
    await calendar.getByRole('button', { name: 'Subscribe in your calendar' }).click()
    const address = calendar.getByRole('textbox', { name: 'Your calendar address' })
    await address.waitFor()
    const url = await address.inputValue()
    expect(url).toMatch(/^https?:\/\/[^/]+\/api\/calendar\/[\w-]+\.ics$/)
    await calendar.getByRole('button', { name: 'Copy link' }).click()
    await calendar.getByRole('status').filter({ hasText: 'Link copied.' }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url)

    // What a calendar app fetches: each step on the days the Timeline's table forecasts.
    const feed = await fetch(url)
    expect(feed.status).toBe(200)
    expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/)
    const events = eventsOf(await feed.text())
    const rows = page.getByRole('table', { name: 'Dates of every step' }).locator('tbody tr')
    const forecasts = await rows.evaluateAll((trs) =>
      trs.map((tr) => [
        tr.querySelector('th')?.textContent,
        tr.querySelectorAll('td')[1]?.textContent?.replace(/\s/g, ' '),
      ]),
    )
    expect(forecasts).toHaveLength(13)
    const dayBefore = (iso: string) =>
      formatISO(subDays(parseISO(iso), 1), { representation: 'date' })
    // iCalendar's all-day DTEND is the day after the last. Node's ICU puts thin spaces around
    // the dash, Chromium's plain ones.
    const feedSpans = events.map((event) => [
      event.summary,
      formatSpan({ start: event.start, end: dayBefore(event.end) }).replace(/\s/g, ' '),
    ])
    expect(feedSpans).toEqual(forecasts)
    await expectSound(page)

    // On a phone the table's rows are cards: nothing of it is cut inside its box.
    await page.setViewportSize(PHONE)
    const table = page.getByRole('region', { name: 'Dates of every step' })
    expect(await table.evaluate((box) => box.scrollWidth - box.clientWidth)).toBe(0)
    // The chart scrolls sideways under the steps' names, which stay in view.
    const chart = page.getByRole('region', { name: 'Gantt chart' })
    const firstStep = chart.getByText('Pool Design', { exact: true })
    const before = await firstStep.boundingBox()
    const scrolled = await chart.evaluate((box) => {
      box.scrollLeft = box.scrollWidth
      return box.scrollLeft
    })
    expect(scrolled).toBeGreaterThan(0)
    expect((await firstStep.boundingBox())?.x).toBe(before?.x)
    expect(await firstStep.isVisible()).toBe(true)
    await page.setViewportSize(DESKTOP)

    // A new address: the old one answers 404, the new one the same feed.
    await calendar.getByRole('button', { name: 'Make a new address' }).click()
    await expect.poll(() => address.inputValue()).not.toBe(url)
    const newUrl = await address.inputValue()
    const [old, renewed] = await Promise.all([fetch(url), fetch(newUrl)])
    expect(old.status).toBe(404)
    expect(old.headers.get('content-type')).toMatch(/^application\/problem\+json/)
    expect(renewed.status).toBe(200)
    expect(eventsOf(await renewed.text())).toHaveLength(13)
    expect(problems).toEqual([])
  })
})
