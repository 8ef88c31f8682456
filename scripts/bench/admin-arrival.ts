// The Clients section open while the admin data arrives: a signed-in admin reloads
// /admin/clients with nothing stored on the device, so the page asks for the whole answer and
// has to take it in (parse it, store it, index it for search) with the section on screen. Timed
// in the page, from the answer's last byte (its resource timing's responseEnd) to the first frame
// that shows every row, then the first search typed right after, in one input, to the frame
// that shows its result.
import type { Page } from 'playwright-core'

export type ArrivalTimes = { rowsAfterData: number; firstSearch: number }

/** What the app's state store reads first (state-store.ts): without it nothing is restored. */
const STORED_STATE_FLAG = 'poolpath:state'

/**
 * Installed before the app's own scripts, as a string: the bench's loader would wrap a named
 * function in a helper the page lacks. Resolves `benchArrival` with the milliseconds from the
 * answer's last byte to the painted rows.
 */
const ARRIVAL_SCRIPT = (rows: number) => `
window.benchArrival = new Promise((resolve) => {
  const answered = () => performance.getEntriesByType('resource')
    .filter((entry) => entry.name.endsWith('/api/admin/fetch')).at(-1)
  const frame = () => requestAnimationFrame(() => {
    const entry = answered()
    const table = document.querySelector('table')
    const shown = Number(table?.getAttribute('aria-rowcount')) === ${rows + 1} &&
      document.querySelector('tbody td') !== null
    if (entry && shown) setTimeout(() => resolve(performance.now() - entry.responseEnd))
    else if (performance.now() > 120000) resolve(Number.NaN)
    else frame()
  })
  frame()
})`

type Arrival = { benchArrival?: Promise<number>; benchSearch?: Promise<number> }

/** Times the first search's input event to the frame showing at most `rowsAtMost` rows. */
async function firstSearch(page: Page, search: string, rowsAtMost: number): Promise<number> {
  await page.evaluate((most) => {
    ;(window as Arrival).benchSearch = new Promise((resolve) => {
      document.addEventListener(
        'input',
        async (input) => {
          for (;;) {
            await new Promise((frame) => requestAnimationFrame(frame))
            const count = Number(document.querySelector('table')?.getAttribute('aria-rowcount'))
            if (count <= most + 1 || performance.now() - input.timeStamp > 60_000) break
          }
          setTimeout(() => resolve(performance.now() - input.timeStamp))
        },
        { once: true, capture: true },
      )
    })
  }, rowsAtMost)
  await page.getByRole('searchbox').first().fill(search)
  return page.evaluate(() => (window as Arrival).benchSearch ?? Promise.resolve(Number.NaN))
}

/**
 * On a page signed in as the admin: forgets what the device stored, reloads the Clients section
 * and times the rows after the answer, then the first search (the last client's name).
 */
export async function clientsOnArrival(page: Page, clients: number): Promise<ArrivalTimes> {
  await page.evaluate((flag) => localStorage.removeItem(flag), STORED_STATE_FLAG)
  await page.addInitScript(ARRIVAL_SCRIPT(clients))
  await page.goto('/admin/clients')
  const rowsAfterData = await page.evaluate(
    () => (window as Arrival).benchArrival ?? Promise.resolve(Number.NaN),
  )
  return { rowsAfterData, firstSearch: await firstSearch(page, `client ${clients}`, 12) }
}
