import { readFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { accounts } from './support/accounts'
import { DESKTOP, PHONE } from './support/browser'
import { useE2e } from './support/e2e'
import { horizontalOverflow } from './support/layout-checks'
import { designedClient, expectSound } from './support/pages'

// Money from a client's browser (PRODUCT.md §10 and issue 12's "Done when").
const e2e = useE2e({ env: { LOGIN_LIMIT_PER_EMAIL: '100' } })
const { serveCity, onboard } = accounts(e2e)

const figure = (page: Page, label: string) =>
  page.locator('.budget-figures').getByText(label, { exact: true }).locator('xpath=../dd')

async function openBudget(page: Page) {
  await page.goto('/builder/budget')
  await page.getByRole('heading', { level: 1, name: 'Budget' }).waitFor()
  const contract = page.getByRole('region', { name: 'Excavation' })
  await contract.waitFor()
  return contract
}

/** Dig Co's $9,800 quote on Excavation, added and accepted: the contract. */
async function signDigCo(page: Page) {
  await page.goto('/builder/excavation')
  await page.getByRole('textbox', { name: 'Vendor' }).fill('Dig Co')
  await page.getByRole('textbox', { name: 'Amount' }).fill('9,800')
  await page.getByRole('button', { name: 'Add quote' }).click()
  await page.getByRole('button', { name: 'Accept the quote from Dig Co' }).click()
  await page.getByRole('article', { name: 'Dig Co' }).getByText('Accepted').waitFor()
}

/** Adds a change order to the contract on the Budget page and approves it. */
async function approveChangeOrder(
  page: Page,
  contract: Locator,
  description: string,
  amount: string,
) {
  await contract.getByRole('button', { name: 'Add change order' }).click()
  const order = page.getByRole('dialog', { name: 'Add change order — Excavation' })
  await order.getByRole('textbox', { name: /Description/ }).fill(description)
  await order.getByRole('textbox', { name: /Amount/ }).fill(amount)
  await order.getByRole('button', { name: 'Add change order' }).click()
  await order.waitFor({ state: 'detached' })
  await contract.getByRole('button', { name: 'Approve' }).click()
  await contract.getByText('Approved', { exact: true }).waitFor()
}

async function pay(page: Page, draw: Locator, amount: string) {
  await draw.getByRole('button', { name: 'Record payment' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('textbox', { name: /Amount/ }).fill(amount)
  await dialog.getByRole('combobox', { name: 'Method' }).selectOption('transfer')
  await dialog.getByRole('button', { name: 'Record payment' }).click()
  await dialog.waitFor({ state: 'detached' })
}

/**
 * What makes the Budget page's charts hard to read, one line each: a name, amount or axis label
 * smaller than 12 px, two of them overlapping (or an amount over a bar), or anything sticking
 * out of its chart.
 */
function chartProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = []
    for (const chart of document.querySelectorAll('.budget-chart')) {
      const name = (chart.getAttribute('aria-label') ?? '').slice(0, 30)
      const box = chart.getBoundingClientRect()
      const shown = (el: Element) => el.getClientRects().length > 0
      const texts = [
        ...chart.querySelectorAll(
          '.budget-chart-label, .budget-bar-value, .budget-bar-none, .budget-axis-ticks > span',
        ),
      ].filter(shown)
      const bars = [...chart.querySelectorAll('.budget-bar')].filter(shown)
      const apart = (a: DOMRect, b: DOMRect) =>
        a.right <= b.left + 0.5 ||
        b.right <= a.left + 0.5 ||
        a.bottom <= b.top + 0.5 ||
        b.bottom <= a.top + 0.5
      texts.forEach((el, i) => {
        const rect = el.getBoundingClientRect()
        const text = el.textContent ?? ''
        const size = parseFloat(getComputedStyle(el).fontSize)
        if (size < 12) problems.push(`${name}: "${text}" is ${size} px`)
        if (rect.left < box.left - 0.5 || rect.right > box.right + 0.5) {
          problems.push(`${name}: "${text}" sticks out of the chart`)
        }
        for (const other of texts.slice(i + 1)) {
          if (!apart(rect, other.getBoundingClientRect())) {
            problems.push(`${name}: "${text}" overlaps "${other.textContent ?? ''}"`)
          }
        }
        for (const bar of bars) {
          if (!apart(rect, bar.getBoundingClientRect())) {
            problems.push(`${name}: "${text}" is over a bar`)
          }
        }
      })
    }
    return problems
  })
}

describe('money', () => {
  it('takes a client from an accepted quote to draws, payments, change orders and the design ripple', async () => {
    const { page, problems } = await designedClient(e2e, { serveCity, onboard })

    // Two quotes on Excavation: each checked against the price list, and compared.
    await page.goto('/builder/excavation')
    await page.getByRole('heading', { level: 1, name: 'Excavation' }).waitFor()
    const quotes = [
      { vendor: 'Dig Co', amount: '9,000' },
      { vendor: 'Far Co', amount: '15,800' },
    ]
    for (const { vendor, amount } of quotes) {
      await page.getByRole('textbox', { name: 'Vendor' }).fill(vendor)
      await page.getByRole('textbox', { name: 'Amount' }).fill(amount)
      await page.getByRole('button', { name: 'Add quote' }).click()
      await page.getByRole('article', { name: vendor }).waitFor()
    }
    await expect
      .poll(() => page.getByRole('article', { name: 'Far Co' }).textContent())
      .toContain('far above — check what it includes')
    await page.getByRole('region', { name: 'Compare quotes' }).waitFor()
    await expectSound(page)
    await page.getByRole('button', { name: 'Accept the quote from Dig Co' }).click()
    await page.getByRole('article', { name: 'Dig Co' }).getByText('Accepted').waitFor()

    // The default draws: 10 % at signing, the balance when done.
    const contract = await openBudget(page)
    const deposit = contract.getByRole('listitem').filter({ hasText: 'Deposit' })
    const balance = contract.getByRole('listitem').filter({ hasText: 'Balance' })
    await expect.poll(() => deposit.locator('.draw-amount').textContent()).toBe('$900')
    expect(await balance.locator('.draw-amount').textContent()).toBe('$8,100')

    // A wrong sum is refused with the difference; a right one is saved.
    await contract.getByRole('button', { name: 'Edit draws' }).click()
    const draws = page.getByRole('dialog', { name: 'Edit draws — Excavation' })
    await draws
      .getByRole('group', { name: 'Draw 1' })
      .getByRole('textbox', { name: /Amount/ })
      .fill('1,000')
    await draws.getByRole('button', { name: 'Save draws' }).click()
    expect(await draws.getByRole('alert').textContent()).toBe(
      'The draws add up to $100 more than the $9,000 committed',
    )
    await expectSound(page)
    await draws
      .getByRole('group', { name: 'Draw 2' })
      .getByRole('textbox', { name: /Amount/ })
      .fill('8,000')
    await draws.getByRole('button', { name: 'Save draws' }).click()
    await draws.waitFor({ state: 'detached' })
    await expect.poll(() => deposit.locator('.draw-amount').textContent()).toBe('$1,000')

    // The deposit, then the balance before the work is done: paid ahead of the work.
    await pay(page, deposit, '1,000')
    await expect.poll(() => figure(page, 'Paid').textContent()).toBe('$1,000')
    // Paid in full, the draw has no "Record payment" to go back to: focus is on the draw.
    expect(await deposit.evaluate((draw) => draw === document.activeElement)).toBe(true)
    await pay(page, balance, '500')
    await page
      .getByRole('region', { name: 'Warnings' })
      .getByText(/ahead of the work/)
      .waitFor()

    // On a phone the charts keep their amounts readable, apart and inside the page.
    await page.setViewportSize(PHONE)
    await expect.poll(() => page.locator('.budget-chart').count()).toBe(2)
    const stepChart = page.getByRole('img', { name: /committed cost/ })
    expect(await stepChart.getByText('$9,000', { exact: true }).isVisible()).toBe(true)
    expect(await chartProblems(page)).toEqual([])
    expect(await horizontalOverflow(page)).toEqual([])
    await page.setViewportSize(DESKTOP)
    expect(await chartProblems(page)).toEqual([])

    // A change order, approved: the committed cost moves.
    await approveChangeOrder(page, contract, 'Rock in the deep end', '1,250')
    await expect.poll(() => figure(page, 'Committed').textContent()).toBe('$10,250')
    await expectSound(page)

    // A bigger pool: the ripple on Excavation's contract, proposed as a change order.
    await page.goto('/builder/pool-design')
    await page.getByRole('spinbutton', { name: /Length/ }).fill('36')
    await page.getByRole('button', { name: 'Save design' }).click()
    const ripple = page.getByRole('dialog', { name: 'Your design changes signed contracts' })
    await ripple.getByText(/Design change: 130\.3 → /).waitFor()
    await expectSound(page)
    await ripple.getByRole('button', { name: 'Propose change orders' }).click()
    await ripple.waitFor({ state: 'detached' })
    const afterRipple = await openBudget(page)
    await afterRipple.getByText(/^Design change: 130\.3 → /).waitFor()
    expect(await afterRipple.getByText('Proposed', { exact: true }).count()).toBe(1)
    expect(problems).toEqual([])
  })

  it('refuses a payment without the trade’s conditional waiver in the dialog, and pays anyway', async () => {
    const { page, problems } = await designedClient(
      e2e,
      { serveCity, onboard },
      { city: 'Irving', name: 'Wes' },
    )
    await page.goto('/builder/trades')
    await page.getByRole('button', { name: 'Add trade' }).click()
    const add = page.getByRole('dialog', { name: 'Add trade' })
    await add.getByRole('textbox', { name: /^Company/ }).fill('Deep Dig Co')
    await add.getByRole('textbox', { name: /^Contact name/ }).fill('Dee')
    await add.getByRole('textbox', { name: /^Email/ }).fill('dee@deepdig.example')
    await add.getByRole('checkbox', { name: 'Excavation' }).check()
    await add.getByRole('button', { name: 'Save trade' }).click()
    await add.waitFor({ state: 'detached' })

    await page.goto('/builder/excavation')
    await page.getByRole('combobox', { name: 'Trade' }).selectOption({ label: 'Deep Dig Co' })
    await page.getByRole('textbox', { name: /^Amount/ }).fill('9,000')
    await page.getByRole('button', { name: 'Add quote' }).click()
    await page.getByRole('button', { name: 'Accept the quote from Deep Dig Co' }).click()
    const anyway = page.getByRole('dialog', { name: 'Accept anyway?' })
    await anyway.getByRole('button', { name: 'Accept anyway' }).click()
    await anyway.waitFor({ state: 'detached' })

    // A preliminary notice from the trade's supplier.
    const contract = await openBudget(page)
    const notices = page.getByRole('region', { name: 'Preliminary notices' })
    await notices.getByRole('button', { name: 'Add notice' }).click()
    const notice = page.getByRole('dialog', { name: 'Add notice' })
    await notice.getByRole('textbox', { name: /^Claimant/ }).fill('Rebar Supply')
    await notice.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Supplier' })
    expect(await notice.getByRole('combobox', { name: 'Works for' }).inputValue()).toBeTruthy()
    await notice.getByLabel('Received on').fill('2026-01-05')
    await notice.getByRole('textbox', { name: /^Amount/ }).fill('1,200')
    await notice.getByRole('button', { name: 'Save notice' }).click()
    await notice.waitFor({ state: 'detached' })
    await notices.getByRole('listitem', { name: 'Rebar Supply' }).waitFor()
    const deposit = contract.getByRole('listitem', { name: 'Deposit' })
    await deposit.getByRole('listitem', { name: 'Rebar Supply' }).waitFor()

    await page.setViewportSize(PHONE)
    expect(await horizontalOverflow(page)).toEqual([])
    await page.screenshot({
      path: path.join(os.tmpdir(), 'poolpath-budget-notice-phone.png'),
      fullPage: true,
    })
    await page.setViewportSize(DESKTOP)

    // Paying the deposit without the conditional waivers: refused, in the dialog.
    await deposit.getByRole('button', { name: 'Record payment' }).click()
    const dialog = page.getByRole('dialog', { name: 'Record payment — Excavation, Deposit' })
    await dialog.getByRole('button', { name: 'Record payment' }).click()
    const alert = dialog.getByRole('alert')
    await expect
      .poll(() => alert.textContent())
      .toBe(
        'Before paying “Deposit”, get a conditional waiver from Deep Dig Co and Rebar Supply: without one, they may still lien your home for this money.',
      )
    const form = dialog.getByRole('link', { name: 'Conditional waiver (PDF)' })
    expect(await form.getAttribute('href')).toMatch(
      /^\/api\/waivers\/conditional-progress\.pdf\?drawId=[0-9a-f-]{36}$/,
    )
    await expectSound(page)
    expect(await figure(page, 'Paid').textContent()).toBe('$0')

    await dialog.getByRole('button', { name: 'Pay anyway' }).click()
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => figure(page, 'Paid').textContent()).toBe('$900')
    await page
      .getByRole('region', { name: 'Warnings' })
      .getByText(/paid without a conditional waiver from Deep Dig Co and Rebar Supply/)
      .waitFor()
    // The refusal's answer is the one the browser reports.
    expect(problems).toEqual([
      'console: Failed to load resource: the server responded with a status of 409 (Conflict)',
    ])
  })

  it('shows one committed cost after a change order: sidebar, Overview, Budget page and print', async () => {
    const { page, problems } = await designedClient(
      e2e,
      { serveCity, onboard },
      {
        city: 'Plano',
        name: 'Lee',
      },
    )
    await signDigCo(page)

    const contract = await openBudget(page)
    await approveChangeOrder(page, contract, 'Rock in the deep end', '2,400')

    // $9,800 and the $2,400 change order, against Excavation's $8,320 estimate.
    const sidebar = page.getByRole('region', { name: 'Your project' })
    const side = (term: string) =>
      sidebar.locator('dt').getByText(term, { exact: true }).locator('xpath=../dd').textContent()
    const expectSidebar = async () => {
      await expect.poll(() => side('Committed')).toBe('$12,200')
      expect(await side('Over or under the estimate')).toBe('+$3,880 over')
    }
    const table = page.getByRole('table', { name: 'Estimate and committed cost by step' })
    const cells = (step: string) =>
      table
        .getByRole('row', { name: new RegExp(`^${step}`) })
        .locator('td')
        .allTextContents()
    const expectBudgetPage = async () => {
      await expect.poll(() => figure(page, 'Committed').textContent()).toBe('$12,200')
      expect(await cells('Excavation')).toEqual(['$8,320', '$12,200', '+$3,880 over', '—'])
      expect((await cells('Total')).slice(1, 3)).toEqual(['$12,200', '+$3,880 over'])
      expect(await page.getByRole('region', { name: 'Warnings' }).textContent()).toContain(
        'Excavation is committed at $12,200, $3,880 over',
      )
    }
    await expectBudgetPage()
    await expectSidebar()

    // Printed, the summary has the same figures, and no sidebar.
    await page.emulateMedia({ media: 'print' })
    expect(await sidebar.isVisible()).toBe(false)
    expect(await table.isVisible()).toBe(true)
    await expectBudgetPage()
    await page.emulateMedia({ media: 'screen' })

    // Read again from the server, and on the Overview.
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Budget' }).waitFor()
    await expectBudgetPage()
    await expectSidebar()
    await page.goto('/builder/overview')
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor()
    await expect.poll(() => figure(page, 'Committed').textContent()).toBe('$12,200')
    await expectSidebar()
    expect(problems).toEqual([])
  })

  it('downloads the bill imports and the schedule of values (PRODUCT.md §15)', async () => {
    const { page, problems } = await designedClient(
      e2e,
      { serveCity, onboard },
      { city: 'Frisco', name: 'Sam' },
    )
    await signDigCo(page)
    await openBudget(page)

    /** Clicks `button` and answers the file the browser was handed: its name and first line. */
    const downloaded = async (button: Locator) => {
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()])
      const path = await download.path()
      const text = await readFile(path, 'utf8')
      return { name: download.suggestedFilename(), header: text.split('\r\n')[0], text }
    }
    const quickbooks = await downloaded(page.getByRole('button', { name: 'Export for QuickBooks' }))
    expect(quickbooks.name).toBe('quickbooks-bills.csv')
    expect(quickbooks.header).toBe(
      'Bill No,Vendor,Bill Date,Due Date,Memo,Account,Line Description,Line Amount',
    )
    expect(quickbooks.text).toContain('excavation-Deposit,Dig Co,')
    const xero = await downloaded(page.getByRole('button', { name: 'Export for Xero' }))
    expect(xero.name).toBe('xero-bills.csv')
    expect(xero.header).toBe(
      '*ContactName,*InvoiceNumber,*InvoiceDate,*DueDate,Description,*Quantity,*UnitAmount,*AccountCode,*TaxType',
    )

    await page.getByRole('button', { name: 'Schedule of values' }).click()
    const dialog = page.getByRole('dialog', { name: 'Schedule of values' })
    await dialog.getByLabel('Through').fill('2030-04-15')
    const schedule = await downloaded(dialog.getByRole('button', { name: 'Download CSV' }))
    expect(schedule.name).toBe('schedule-of-values-2030-04-15.csv')
    expect(schedule.header?.startsWith('A Item No.,B Description of Work,C Scheduled Value')).toBe(
      true,
    )
    expect(schedule.text).toContain('Totals,9800.00,')
    expect(problems).toEqual([])
  })
})
