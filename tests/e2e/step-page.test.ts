import { describe, expect, it } from 'vitest'
import { accounts } from './support/accounts'
import { DESKTOP } from './support/browser'
import { useE2e } from './support/e2e'
import { horizontalOverflow } from './support/layout-checks'
import { designedClient, expectSound, openStep } from './support/pages'

// A step page with a hierarchy (issue 36): its state and next action first, then its parts, all
// in view without a tab or a disclosure; a new step fits one and a half screens at 1280 × 800.
const e2e = useE2e({ env: { LOGIN_LIMIT_PER_EMAIL: '100' } })

describe('a new step’s page', () => {
  it('leads with its state and next action, fits 1200 px, and holds at 390 and 320 px', async () => {
    const { page } = await designedClient(e2e, accounts(e2e))
    await openStep(page, 'Excavation')
    await page
      .getByRole('region', { name: 'Daily log' })
      .getByText(/^Nothing logged yet/)
      .waitFor()

    const main = page.getByRole('main')
    await main.getByText('Not started', { exact: true }).waitFor()
    const next = main.getByRole('link', { name: 'Get a quote' })
    expect(await next.isVisible()).toBe(true)
    const onThisPage = page.getByRole('navigation', { name: 'On this page' })
    expect(await onThisPage.getByRole('link').allTextContents()).toEqual([
      'Choices & estimate',
      'Quotes',
      'Schedule',
      'Photos & log',
    ])
    // Every part QA drives is there at once, none behind a tab or a disclosure.
    for (const control of [
      page.getByRole('textbox', { name: 'Vendor' }),
      page.getByRole('button', { name: 'Add quote' }),
      page.getByRole('button', { name: 'Mark as done' }),
      page.getByRole('combobox', { name: 'Kind' }),
      page.getByRole('button', { name: 'Add log entry' }),
    ]) {
      expect(await control.isVisible()).toBe(true)
    }
    const height = () => page.evaluate(() => document.documentElement.scrollHeight)
    expect(await height()).toBeLessThanOrEqual(1200)

    // The next action takes the reader to the quotes.
    await next.click()
    await page.waitForURL('**/builder/excavation#quotes')

    await expectSound(page)
    await page.setViewportSize({ width: 320, height: 640 })
    expect(await horizontalOverflow(page), 'at 320 px').toEqual([])
    await page.setViewportSize(DESKTOP)
  })
})
