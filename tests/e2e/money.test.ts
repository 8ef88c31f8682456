import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { accounts } from './support/accounts'
import { useE2e } from './support/e2e'
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

async function pay(page: Page, draw: Locator, amount: string) {
  await draw.getByRole('button', { name: 'Record payment' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('textbox', { name: /Amount/ }).fill(amount)
  await dialog.getByRole('combobox', { name: 'Method' }).selectOption('transfer')
  await dialog.getByRole('button', { name: 'Record payment' }).click()
  await dialog.waitFor({ state: 'detached' })
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

    // A change order, approved: the committed cost moves.
    await contract.getByRole('button', { name: 'Add change order' }).click()
    const order = page.getByRole('dialog', { name: 'Add change order — Excavation' })
    await order.getByRole('textbox', { name: /Description/ }).fill('Rock in the deep end')
    await order.getByRole('textbox', { name: /Amount/ }).fill('1,250')
    await order.getByRole('button', { name: 'Add change order' }).click()
    await order.waitFor({ state: 'detached' })
    await contract.getByRole('button', { name: 'Approve' }).click()
    await contract.getByText('Approved', { exact: true }).waitFor()
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
})
