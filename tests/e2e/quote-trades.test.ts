import { describe, expect, it } from 'vitest'
import { accounts } from './support/accounts'
import { expectAccessible, useE2e } from './support/e2e'

// Accepting a quote from a trade with nothing on record (PRODUCT.md §13): the browser's modal
// dialog keeps focus inside it.
const e2e = useE2e({ env: { LOGIN_LIMIT_PER_EMAIL: '100' } })
const { serveCity, onboard } = accounts(e2e)

describe('accepting a quote whose trade has warnings', () => {
  it('asks "Accept anyway?" in a modal that keeps focus, then accepts', async () => {
    await serveCity('Waco', 'TX')
    const { page } = await e2e.openPage()
    const tess = { city: 'Waco', state: 'TX', name: 'Tess Trader', email: 'tess@example.com' }
    await onboard(page, tess)
    await page.waitForURL('**/builder/pool-design')

    await page.goto('/builder/trades')
    await page.getByRole('button', { name: 'Add trade' }).click()
    const add = page.getByRole('dialog', { name: 'Add trade' })
    await add.getByRole('textbox', { name: /^Company/ }).fill('Hole Inc')
    await add.getByRole('textbox', { name: /^Contact name/ }).fill('Hal')
    await add.getByRole('textbox', { name: /^Email/ }).fill('hal@hole.example')
    await add.getByRole('checkbox', { name: 'Excavation' }).check()
    await add.getByRole('button', { name: 'Save trade' }).click()
    await add.waitFor({ state: 'detached' })

    await page.goto('/builder/excavation')
    await page.getByRole('combobox', { name: 'Trade' }).selectOption({ label: 'Hole Inc' })
    await page.getByRole('textbox', { name: /^Amount/ }).fill('8,000')
    await page.getByRole('button', { name: 'Add quote' }).click()
    const accept = page.getByRole('button', { name: 'Accept the quote from Hole Inc' })
    await accept.click()

    const dialog = page.getByRole('dialog', { name: 'Accept anyway?' })
    await dialog.waitFor()
    await expect.poll(() => dialog.getByRole('listitem').count()).toBe(3)
    await expectAccessible(page)
    // Tab goes round the dialog's buttons (and the browser's own controls), never to the page
    // behind it, which the modal makes inert.
    const focusOutside = () =>
      page.evaluate(() => {
        const at = document.activeElement
        const open = document.querySelector('dialog[open]')
        return at !== null && at !== document.body && !open?.contains(at)
      })
    let inside = 0
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab')
      expect(await focusOutside()).toBe(false)
      if (await dialog.evaluate((d) => d.contains(document.activeElement))) inside++
    }
    expect(inside).toBeGreaterThan(2)
    await dialog.getByRole('button', { name: 'Accept anyway' }).click()
    await dialog.waitFor({ state: 'detached' })
    await page
      .getByRole('article', { name: 'Hole Inc' })
      .getByText('Accepted', { exact: true })
      .waitFor()
  })
})
