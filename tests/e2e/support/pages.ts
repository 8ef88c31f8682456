import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import type { accounts } from './accounts'
import { DESKTOP, PHONE } from './browser'
import { expectAccessible, type E2e } from './e2e'
import { horizontalOverflow } from './layout-checks'

/** axe finds nothing and nothing is wider than the screen, at 1280 and at 390 px. */
export async function expectSound(page: Page) {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size)
    await expectAccessible(page)
    expect(await horizontalOverflow(page), `${page.url()} at ${size.width} px`).toEqual([])
  }
  await page.setViewportSize(DESKTOP)
}

/** Follows the link `name` of the navigation `navigation`, then waits for the page's heading. */
export async function openFrom(page: Page, navigation: string, name: string, exact = false) {
  await page
    .getByRole('navigation', { name: navigation })
    .getByRole('link', { name, exact })
    .click()
  await page.getByRole('heading', { level: 1, name, exact }).waitFor()
}

/** A back-office section, from the admin sidebar. */
export const openSection = (page: Page, title: string) => openFrom(page, 'Admin sections', title)

/** A build step, from the builder's sidebar (by its exact title: "Steel" is not "Steel quote"). */
export const openStep = (page: Page, step: string) => openFrom(page, 'Build steps', step, true)

/** On Pool Design, where onboarding lands a new client: saves the design the form starts from. */
export async function saveFirstDesign(page: Page) {
  await page.waitForURL('**/builder/pool-design')
  await page.getByRole('button', { name: 'Save design' }).click()
  await page.getByText('Design saved').waitFor()
}

/** Who a new client is and where they live: Pat in Austin unless a test says otherwise. */
export type NewClient = { city?: string; name?: string }

/** A new client of `city` (TX, served first) on Pool Design with the first design saved. */
export async function designedClient(
  e2e: E2e,
  { serveCity, onboard }: Pick<ReturnType<typeof accounts>, 'serveCity' | 'onboard'>,
  { city = 'Austin', name = 'Pat' }: NewClient = {},
) {
  await serveCity(city, 'TX')
  const watched = await e2e.openPage()
  await onboard(watched.page, {
    city,
    state: 'TX',
    name,
    email: `${name.toLowerCase()}@example.com`,
  })
  await saveFirstDesign(watched.page)
  return watched
}

/** The owner records a trade of one step on the Trades page: licence and insurance left blank. */
export async function addTrade(
  page: Page,
  trade: { company: string; contact: string; email: string; step: string },
) {
  await page.goto('/builder/trades')
  await page.getByRole('button', { name: 'Add trade' }).click()
  const add = page.getByRole('dialog', { name: 'Add trade' })
  await add.getByRole('textbox', { name: /^Company/ }).fill(trade.company)
  await add.getByRole('textbox', { name: /^Contact name/ }).fill(trade.contact)
  await add.getByRole('textbox', { name: /^Email/ }).fill(trade.email)
  await add.getByRole('checkbox', { name: trade.step }).check()
  await add.getByRole('button', { name: 'Save trade' }).click()
  await add.waitFor({ state: 'detached' })
}
