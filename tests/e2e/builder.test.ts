import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { STEPS } from '../../contract/steps'
import { accounts } from './support/accounts'
import { DESKTOP, PHONE } from './support/browser'
import { expectAccessible, useE2e } from './support/e2e'
import { openFrom } from './support/pages'

const e2e = useE2e({ env: { LOGIN_LIMIT_PER_EMAIL: '100' } })
const { asAdmin, serveCity, onboard } = accounts(e2e)

beforeAll(async () => {
  await serveCity('Austin', 'TX', 45_000)
  const manager = await asAdmin('POST', 'managers/create', {
    name: 'Max Manager',
    company: 'Build Right',
    email: 'max@example.com',
    phone: '+1 512 555 0199',
    bio: 'Twenty years of pools in Texas.',
    yearsExperience: 20,
    fee: 900_000,
  })
  expect(manager.status).toBe(201)
})

let clients = 0
/** A new client in Austin, signed in on the builder's first step. */
async function newClient(page: Page) {
  clients += 1
  await onboard(page, {
    city: 'Austin',
    state: 'TX',
    name: `Pat Pool ${clients}`,
    email: `pat${clients}@example.com`,
  })
  await page.waitForURL('**/builder/pool-design')
  await page.getByRole('heading', { level: 1, name: 'Pool Design' }).waitFor()
}

const openStep = (page: Page, title: string) => openFrom(page, 'Build steps', title)

const estimate = (page: Page) =>
  page.getByRole('region', { name: 'Estimate' }).locator('.estimate-amount, .estimate-note')

async function addQuote(page: Page, vendor: string, amount: string) {
  await page.getByRole('textbox', { name: 'Vendor' }).fill(vendor)
  await page.getByRole('textbox', { name: 'Amount' }).fill(amount)
  await page.getByRole('button', { name: 'Add quote' }).click()
  await page.getByRole('article', { name: vendor }).waitFor()
}

describe('the builder', () => {
  it('prices the reference pool, keeps quotes and progress across a reload', async () => {
    const { page, problems } = await e2e.openPage()
    await newClient(page)
    await page.getByLabel('Shape').selectOption('rectangle')
    await page.getByRole('spinbutton', { name: 'Length (ft)', exact: true }).fill('32')
    await page.getByRole('spinbutton', { name: 'Width (ft)', exact: true }).fill('16')
    await page.getByRole('spinbutton', { name: 'Shallow depth (ft)', exact: true }).fill('3.5')
    await page.getByRole('spinbutton', { name: 'Deep depth (ft)', exact: true }).fill('6')
    await page.getByRole('spinbutton', { name: 'Deck width (ft)', exact: true }).fill('4')
    await page.getByRole('button', { name: 'Save design' }).click()
    await page.getByText('Design saved').waitFor()

    // Steel: no inspection gates it (Excavation waits for the layout inspection).
    await openStep(page, 'Steel')
    expect(await estimate(page).textContent()).toBe('$2,468')
    await addQuote(page, 'Rebar Co', '2,400')
    await addQuote(page, 'Steel Works', '2,650.50')
    expect(await page.getByRole('article', { name: 'Rebar Co' }).textContent()).toContain('Lowest')
    await page.getByRole('button', { name: 'Accept the quote from Rebar Co' }).click()
    await page.getByRole('article', { name: 'Rebar Co' }).getByText('Accepted').waitFor()
    await page.getByRole('button', { name: 'Mark as done' }).click()
    await page.getByRole('button', { name: 'Mark as not done' }).waitFor()
    await page.getByRole('progressbar', { name: '1 of 13 steps done' }).waitFor()

    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Steel' }).waitFor()
    expect(await estimate(page).textContent()).toBe('$2,468')
    expect(await page.getByRole('article', { name: 'Rebar Co' }).textContent()).toContain(
      'Accepted',
    )
    expect(await page.getByRole('article', { name: 'Steel Works' }).textContent()).toContain(
      '$2,650.50',
    )
    await page.getByRole('button', { name: 'Mark as not done' }).waitFor()
    await page.getByRole('progressbar', { name: '1 of 13 steps done' }).waitFor()
    expect(problems).toEqual([])
  })

  it('sends a builder request and a manager request, kept after a reload', async () => {
    const { page, problems } = await e2e.openPage()
    await newClient(page)

    await openStep(page, 'Project builder')
    await page.getByRole('button', { name: 'Request a project builder' }).click()
    await page.getByText('Request sent').waitFor()
    await page.reload()
    await page.getByText('Request sent').waitFor()
    expect(await page.getByRole('button', { name: 'Request a project builder' }).count()).toBe(0)

    await openStep(page, 'Project managers')
    await page.getByRole('link', { name: /Max Manager/ }).click()
    await page.getByRole('heading', { level: 1, name: 'Max Manager' }).waitFor()
    await page.getByRole('textbox', { name: 'Message' }).fill('Can you start in May?')
    await page.getByRole('button', { name: 'Request this manager' }).click()
    await page.getByText(/request is open/i).waitFor()
    await page.reload()
    await page.getByText(/request is open/i).waitFor()
    expect(problems).toEqual([])
  })

  it('has no axe violations on any builder page', async () => {
    const { page, problems } = await e2e.openPage()
    await newClient(page)
    await expectAccessible(page)
    for (const title of [...STEPS.map((s) => s.title), 'Project builder', 'Project managers']) {
      await openStep(page, title)
      await expectAccessible(page)
    }
    await page.getByRole('link', { name: /Max Manager/ }).click()
    await page.getByRole('heading', { level: 1, name: 'Max Manager' }).waitFor()
    await expectAccessible(page)
    await page.getByRole('button', { name: 'View budget' }).click()
    await page.getByRole('heading', { level: 1, name: 'Budget' }).waitFor()
    await expectAccessible(page)
    expect(problems).toEqual([])
  })

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])(
    'shows the Overview and the Budget on a %s: accessible, nothing wider than the screen',
    async (_, viewport) => {
      const { page, problems } = await e2e.openPage({ viewport })
      await newClient(page)
      await page.getByLabel('Shape').selectOption('rectangle')
      await page.getByRole('button', { name: 'Save design' }).click()
      // On a phone it is in the folded Menu: there, but hidden.
      await page
        .getByRole('navigation', { name: 'Project', includeHidden: true })
        .waitFor({ state: 'attached' })
      for (const [path, heading] of [
        ['/builder/overview', 'Overview'],
        ['/builder/budget', 'Budget'],
      ] as const) {
        await page.goto(path)
        await page.getByRole('heading', { level: 1, name: heading }).waitFor()
        await expectAccessible(page)
        const widths = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth])
        expect(widths[0]).toBeLessThanOrEqual(widths[1] ?? 0)
      }
      expect(problems).toEqual([])
    },
  )
})
