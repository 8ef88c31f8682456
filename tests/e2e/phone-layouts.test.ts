import type { Locator, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_SECTIONS } from '../../src/features/admin/section-titles'
import { accounts } from './support/accounts'
import { DESKTOP, PHONE } from './support/browser'
import { expectAccessible, useE2e } from './support/e2e'
import { saveFirstDesign } from './support/pages'

// The admin signs in once per test, the clients once each: more codes than the default limit.
const e2e = useE2e({ env: { LOGIN_LIMIT_PER_EMAIL: '100' } })
const { asAdmin, serveCity, onboard, signInAsAdmin } = accounts(e2e)

/** One unbreakable word as long as the field allows (a vendor 100, a city 80, a note 500…). */
const longWord = (letter: string, length: number) => letter.repeat(length)
/** Written as a city name is stored (tidyCityName): one capital, then lower case. */
const LONG_CITY = `C${longWord('c', 79)}`
/** An iPhone SE (1st generation): the narrowest screen the app is laid out for. */
const SMALLEST_PHONE = { width: 320, height: 568 }

beforeAll(async () => {
  await serveCity('Austin', 'TX', 45_000)
  await serveCity(LONG_CITY, 'TX', 45_000)
})

/** Nothing is wider than the screen: the page never scrolls sideways. */
async function expectNoOverflow(page: Page, where = page.url()) {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ])
  expect(scrollWidth, `${where} is wider than the screen`).toBeLessThanOrEqual(innerWidth ?? 0)
}

/** Where an element starts from the top of the page, wherever the page is scrolled. */
const pageTop = (locator: Locator) =>
  locator.evaluate((element) => element.getBoundingClientRect().top + window.scrollY)

/** The element is drawn where it is: on screen, not scrolled away or covered by anything. */
const inView = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect()
    window.scrollBy(0, box.top - window.innerHeight / 2)
    const { left, top, width, height } = element.getBoundingClientRect()
    const hit = document.elementFromPoint(left + width / 2, top + height / 2)
    return left >= 0 && left + width <= window.innerWidth && !!hit && element.contains(hit)
  })

/** Follows a link of the area's navigation; on a phone it is in the Menu, opened first. */
const openPage = async (page: Page, navigation: string, link: string, heading = link) => {
  if ((page.viewportSize()?.width ?? 0) <= 720) {
    const toggle = page.getByRole('button', { name: /^(Menu|Close menu)$/ })
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click()
  }
  await page.getByRole('navigation', { name: navigation }).getByRole('link', { name: link }).click()
  await page.getByRole('heading', { level: 1, name: heading }).waitFor()
}

async function addQuote(page: Page, vendor: string, amount: string, note: string) {
  await page.getByRole('textbox', { name: 'Vendor' }).fill(vendor)
  await page.getByRole('textbox', { name: 'Amount' }).fill(amount)
  await page.getByRole('textbox', { name: 'Note', exact: true }).fill(note)
  await page.getByRole('button', { name: 'Add quote' }).click()
  await page.getByRole('article', { name: vendor }).waitFor()
}

describe('phone layouts (390 px), and the wide screen they leave as it was', () => {
  it('fits a client’s step, budget and design pages to the screen, long words and all', async () => {
    const { page, problems } = await e2e.openPage({ viewport: PHONE })
    await onboard(page, {
      city: 'Austin',
      state: 'TX',
      name: longWord('N', 100),
      email: 'pat-phone@example.com',
      address: longWord('A', 200),
    })
    await page.waitForURL('**/builder/pool-design')
    await page.getByLabel('Shape').selectOption('rectangle')
    await page.getByRole('button', { name: 'Save design' }).click()
    await page.getByText('Design saved').waitFor()

    await openPage(page, 'Build steps', 'Excavation')
    // The step starts on the first screen; the budget is one line in the Menu, that opens.
    expect(await pageTop(page.getByRole('heading', { level: 1 }))).toBeLessThan(PHONE.height)
    await page.getByRole('button', { name: 'Menu', exact: true }).click()
    const budget = page.getByRole('region', { name: 'Your project' })
    const summary = budget.getByRole('button', { name: /^0 of 13 done/ })
    expect(await budget.getByText('Committed').isVisible()).toBe(false)
    await summary.click()
    expect(await summary.getAttribute('aria-expanded')).toBe('true')
    await budget.getByText('Committed').waitFor()
    await summary.click()
    await budget.getByText('Committed').waitFor({ state: 'hidden' })
    await page.getByRole('button', { name: 'Close menu' }).click()

    const vendor = longWord('V', 100)
    await addQuote(page, vendor, '7,900', longWord('n', 300))
    await addQuote(page, 'Dig Co', '8,100', 'Haul-off included')
    await page.getByRole('button', { name: 'Accept the quote from Dig Co' }).click()
    await page.getByRole('article', { name: 'Dig Co' }).getByText('Accepted').waitFor()
    // Each card's actions sit on one line.
    const card = page.getByRole('article', { name: vendor })
    const [accept, remove] = await Promise.all([
      card.getByRole('button', { name: /^Accept/ }).boundingBox(),
      card.getByRole('button', { name: /^Remove/ }).boundingBox(),
    ])
    expect(accept?.y).toBe(remove?.y)
    await expectNoOverflow(page)
    await expectAccessible(page)

    await openPage(page, 'Project', 'Budget')
    await expectNoOverflow(page)
    await expectAccessible(page)

    await openPage(page, 'Build steps', 'Pool Design')
    await expectNoOverflow(page)
    await expectAccessible(page)
    // While a field is typed in, the drawing stays on screen above it.
    const deck = page.getByRole('spinbutton', { name: 'Deck width (ft)', exact: true })
    await deck.fill('8')
    const [drawing, field] = await Promise.all([
      page.getByRole('img', { name: /^Plan view/ }).boundingBox(),
      deck.boundingBox(),
    ])
    expect(drawing?.y).toBeGreaterThanOrEqual(0)
    expect((drawing?.y ?? 0) + (drawing?.height ?? 0)).toBeLessThanOrEqual(field?.y ?? 0)

    // The smallest phones still in use (320 px): the bar above every page fits them too.
    await page.setViewportSize(SMALLEST_PHONE)
    await openPage(page, 'Project', 'Overview')
    await expectNoOverflow(page)
    expect(await inView(page.getByRole('button', { name: 'Log out' }))).toBe(true)
    expect(problems).toEqual([])
  })

  it('keeps the running budget open on a wide screen, and the design page’s cards apart', async () => {
    const { page } = await e2e.openPage({ viewport: DESKTOP })
    await onboard(page, {
      city: 'Austin',
      state: 'TX',
      name: 'Pat Wide',
      email: 'pat-wide@example.com',
    })
    await page.waitForURL('**/builder/pool-design')
    const budget = page.getByRole('region', { name: 'Your project' })
    await budget.getByText('Committed').waitFor()
    // No toggle: the details are simply open, with the way on to the Budget page.
    expect(await budget.getByRole('button', { expanded: false }).count()).toBe(0)
    expect(await budget.getByRole('button').allTextContents()).toEqual(['View budget'])

    const cards = ['Quantities', 'Quotes', 'Progress'].map((name) =>
      page.getByRole('region', { name, exact: true }),
    )
    const boxes = await Promise.all(cards.map((card) => card.boundingBox()))
    for (const [above, below] of [
      [boxes[0], boxes[1]],
      [boxes[1], boxes[2]],
    ]) {
      if (!above || !below) throw new Error('a card of the design page is not drawn')
      expect(below.y - (above.y + above.height)).toBeGreaterThanOrEqual(16)
    }
  })

  it('shows the admin tables as cards, and keeps Edit and Delete in view at 1280 px', async () => {
    const client = await e2e.openPage({ viewport: PHONE })
    const name = longWord('M', 100)
    await onboard(client.page, {
      city: LONG_CITY,
      state: 'TX',
      name,
      email: 'pat-admin@example.com',
    })
    await client.page.waitForURL('**/builder/pool-design')
    const { Data } = (await (await asAdmin('GET', 'fetch')).json()) as {
      Data: { Clients: { id: string; email: string }[] }
    }
    const id = Data.Clients.find((c) => c.email === 'pat-admin@example.com')?.id
    expect((await asAdmin('PUT', `client/edit/${id}`, { perk: longWord('p', 200) })).status).toBe(
      200,
    )
    // A client waiting in a city not served yet, for the waiting list and the demand chart.
    const waiting = await e2e.openPage({ viewport: PHONE })
    await onboard(waiting.page, {
      city: longWord('D', 80),
      state: 'TX',
      name: longWord('W', 100),
      email: 'wai-phone@example.com',
    })
    await waiting.page.getByRole('button', { name: 'Join the waiting list' }).click()
    await waiting.page.getByRole('button', { name: 'Leave the waiting list' }).waitFor()

    const { page, problems } = await e2e.openPage({ viewport: PHONE })
    await signInAsAdmin(page)
    for (const [section, row, first, label] of [
      ['Clients', name, `${name} pat-admin@example.com`, /"Client"/],
      ['Cities', LONG_CITY, LONG_CITY, /"City"/],
    ] as const) {
      await page.setViewportSize(PHONE)
      await openPage(page, 'Admin sections', section)
      // Each cell shows its column's name; it stays a cell, named by its value alone.
      const cell = page
        .getByRole('row', { name: new RegExp(row) })
        .getByRole('cell', { name: first, exact: true })
      expect(await cell.evaluate((td) => getComputedStyle(td, '::before').content)).toMatch(label)
      await expectNoOverflow(page)
      await expectAccessible(page)

      await page.setViewportSize(DESKTOP)
      for (const action of ['Edit', 'Delete']) {
        const button = page.getByRole('button', { name: `${action} ${row}` })
        expect(await inView(button), `${section}: ${action}`).toBe(true)
      }
      await expectNoOverflow(page)
    }
    await page.setViewportSize(PHONE)
    for (const section of ADMIN_SECTIONS) {
      await openPage(page, 'Admin sections', section.title)
      await expectNoOverflow(page)
    }
    expect([...client.problems, ...waiting.problems, ...problems]).toEqual([])
  })

  it('gives every button, menu item and select a finger’s room on a touch screen', async () => {
    const { page, problems } = await e2e.openPage({ viewport: PHONE, hasTouch: true })
    await onboard(page, { city: 'Austin', state: 'TX', name: 'Tia', email: 'tia@example.com' })
    await saveFirstDesign(page)
    await openPage(page, 'Build steps', 'Excavation')
    await addQuote(page, 'Dig Co', '8,100', 'Haul-off included')
    await addQuote(page, 'Rock Co', '9,400', '')
    await page.getByRole('button', { name: 'Accept the quote from Dig Co' }).click()
    await page.getByRole('article', { name: 'Dig Co' }).getByText('Accepted').waitFor()
    // 44 px (2.75rem) high, and as wide for a control that is only an icon.
    const small = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('button, select, nav a')]
          .filter((element) => element.getClientRects().length > 0)
          .map((element) => ({ element, box: element.getBoundingClientRect() }))
          .filter(({ box }) => box.height < 43.5 || box.width < 43.5)
          .map(({ element, box }) => {
            const name = element.getAttribute('aria-label') ?? element.textContent?.trim()
            return `${name}: ${Math.round(box.width)}×${Math.round(box.height)}`
          }),
      )
    expect(await small()).toEqual([])
    await openPage(page, 'Project', 'Budget')
    await page.getByRole('button', { name: 'Record payment' }).first().waitFor()
    expect(await small()).toEqual([])
    expect(problems).toEqual([])
  })
})
