import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { ALL_BUILDER_PAGES } from '../../src/features/builder/builder-pages'
import { accounts } from './support/accounts'
import { DESKTOP, PHONE } from './support/browser'
import { expectAccessible, useE2e } from './support/e2e'
import { horizontalOverflow } from './support/layout-checks'

const e2e = useE2e({ env: { LOGIN_LIMIT_PER_EMAIL: '100' } })
const { serveCity, onboard, enterCode } = accounts(e2e)
const SMALLEST_PHONE = { width: 320, height: 568 }
/** The most the bar (and anything else above a page's title) may take of a 390×844 phone. */
const MAX_CHROME = 120

beforeAll(() => serveCity('Austin', 'TX', 45_000))

/** A client in Austin whose pool design is saved, so the builder shows all of its pages. */
async function designedClient(page: Page, email: string) {
  await onboard(page, { city: 'Austin', state: 'TX', name: 'Pat Phone', email })
  await page.waitForURL('**/builder/pool-design')
  await page.getByLabel('Shape').selectOption('rectangle')
  await page.getByRole('button', { name: 'Save design' }).click()
  await page.getByText('Design saved').waitFor()
}

/** Every builder page, each opened at three sizes: minutes on a busy machine. */
const EVERY_PAGE_TIMEOUT = 180_000

/** A builder page, opened by its address, once its title is there. */
async function visit(page: Page, route: string) {
  await page.goto(`/builder/${route}`)
  // The page's own title: neither the area's shapes nor a page's, while its chunk loads.
  const title = page.locator('main:not([aria-busy]) h1:not([aria-busy] > h1)')
  await title.waitFor()
  return title
}

describe('a phone that shows the page', () => {
  it(
    'starts every builder page’s title within 120 px of the top, and no page is wider than the screen',
    async () => {
      const { page, problems } = await e2e.openPage({ viewport: PHONE })
      await designedClient(page, 'pat-tops@example.com')
      for (const { route } of ALL_BUILDER_PAGES) {
        for (const viewport of [PHONE, SMALLEST_PHONE, DESKTOP]) {
          await page.setViewportSize(viewport)
          const title = await visit(page, route)
          const where = `/builder/${route} at ${viewport.width}×${viewport.height}`
          if (viewport === PHONE) {
            // Once the page has settled (its styles and web font in).
            await expect
              .poll(() => title.evaluate((h1) => h1.getBoundingClientRect().top), {
                message: `${where}: the title starts too far down`,
              })
              .toBeLessThanOrEqual(MAX_CHROME)
          }
          const overflow = await horizontalOverflow(page)
          expect.soft(overflow, `${where}: wider than the screen`).toEqual([])
        }
      }
      expect(problems).toEqual([])
    },
    EVERY_PAGE_TIMEOUT,
  )

  it('keeps the project pages and the steps in one menu, whose toggle says what it does', async () => {
    const { page, problems } = await e2e.openPage({ viewport: PHONE })
    await designedClient(page, 'pat-menu@example.com')
    const toggle = page.getByRole('button', { name: 'Menu', exact: true })
    const project = page.getByRole('navigation', { name: 'Project' })
    const steps = page.getByRole('navigation', { name: 'Build steps' })
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    expect(await project.isVisible()).toBe(false)
    expect(await steps.isVisible()).toBe(false)

    await toggle.click()
    const close = page.getByRole('button', { name: 'Close menu' })
    expect(await close.getAttribute('aria-expanded')).toBe('true')
    const menu = page.locator(`#${await close.getAttribute('aria-controls')}`)
    expect(await menu.getByRole('navigation', { name: 'Project' }).isVisible()).toBe(true)
    expect(await menu.getByRole('navigation', { name: 'Build steps' }).isVisible()).toBe(true)
    await expectAccessible(page)
    // The smallest phones fit the open menu's bar too, Log out and all.
    await page.setViewportSize(SMALLEST_PHONE)
    expect(await horizontalOverflow(page)).toEqual([])
    const logOut = await page.getByRole('button', { name: 'Log out' }).boundingBox()
    expect((logOut?.x ?? Infinity) + (logOut?.width ?? 0)).toBeLessThanOrEqual(SMALLEST_PHONE.width)
    await page.setViewportSize(PHONE)

    // Following a link shows its page, the menu closed.
    await steps.getByRole('link', { name: 'Excavation' }).click()
    await page.getByRole('heading', { level: 1, name: 'Excavation' }).waitFor()
    expect(await steps.isVisible()).toBe(false)
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')

    // Escape closes it too, back onto its toggle.
    await toggle.click()
    await page.keyboard.press('Escape')
    expect(await steps.isVisible()).toBe(false)
    expect(await toggle.evaluate((button) => button === document.activeElement)).toBe(true)

    // A wide screen has no toggle and always shows both.
    await page.setViewportSize(DESKTOP)
    expect(await toggle.isVisible()).toBe(false)
    expect(await project.isVisible()).toBe(true)
    expect(await steps.isVisible()).toBe(true)
    expect(problems).toEqual([])
  })

  it('draws a link with no colour of its own in the accent, not the browser’s blue or purple', async () => {
    const { page } = await e2e.openPage({ viewport: DESKTOP })
    await designedClient(page, 'pat-links@example.com')
    await visit(page, 'overview')
    // As the Overview's link to an expiring warranty is drawn: a plain link in a list.
    const colour = await page.locator('main').evaluate((main) => {
      const list = main.appendChild(document.createElement('ul'))
      const link = list
        .appendChild(document.createElement('li'))
        .appendChild(document.createElement('a'))
      link.href = '/builder/steel'
      link.textContent = 'Steel'
      return getComputedStyle(link).color
    })
    // --accent, #0a6a9c: the brand's water blue.
    expect(colour).toBe('rgb(10, 106, 156)')
  })

  it('sets a note’s hyphens as in the words typed, not spaced out like figures', async () => {
    const { page } = await e2e.openPage({ viewport: DESKTOP })
    await designedClient(page, 'pat-notes@example.com')
    await visit(page, 'excavation')
    // Two quotes: each card shows its note, and so does the table comparing them.
    for (const [vendor, amount] of [
      ['Dig Co', '8000'],
      ['Pit Pros', '9000'],
    ] as const) {
      await page.getByRole('textbox', { name: 'Vendor' }).fill(vendor)
      await page.getByRole('textbox', { name: 'Amount' }).fill(amount)
      await page.getByRole('textbox', { name: 'Note', exact: true }).fill('well-made')
      await page.getByRole('button', { name: 'Add quote' }).click()
      await page.getByRole('article', { name: vendor }).waitFor()
    }
    // The hyphen as drawn in each place the note shows, beside one drawn as plain text there.
    const widths = await page.getByText('well-made', { exact: true }).evaluateAll((notes) =>
      notes.map((note) => {
        const text = note.firstChild as Text
        const range = document.createRange()
        range.setStart(text, 4)
        range.setEnd(text, 5)
        const plain = document.createElement('span')
        plain.style.fontVariantNumeric = 'normal'
        plain.textContent = '-'
        note.append(plain)
        const width = [range.getBoundingClientRect().width, plain.getBoundingClientRect().width]
        plain.remove()
        return width
      }),
    )
    expect(widths.length).toBe(4)
    for (const [drawn, plain] of widths) expect(drawn).toBeCloseTo(plain ?? 0, 1)
  })

  it('starts the builder’s download on /verify, and shows its shape, busy and named Loading, until it is there', async () => {
    const first = await e2e.openPage({ viewport: PHONE })
    await designedClient(first.page, 'pat-skeleton@example.com')
    const { page, problems } = await e2e.openPage({ viewport: PHONE })
    // The builder's code held back, as on a slow connection.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    let requested = () => {}
    const asked = new Promise<void>((resolve) => (requested = resolve))
    await page.route(/\/assets\/builder-area-[^/]*\.js$/, async (route) => {
      requested()
      await held
      await route.continue()
    })
    await enterCode(page, 'pat-skeleton@example.com')
    // Typing the code starts the builder's download, before Verify is pressed.
    await asked
    await page.getByRole('button', { name: 'Verify' }).click()
    const busy = page.locator('main[aria-busy="true"]')
    await busy.waitFor()
    expect(await busy.getByRole('heading', { level: 1 }).textContent()).toBe('Loading PoolPath')
    expect(await page.getByText('Loading…').count()).toBe(0)
    await expectAccessible(page)
    release()
    await page.getByRole('heading', { level: 1, name: 'Pool Design' }).waitFor()
    expect(problems).toEqual([])
  })
})
