import { describe, expect, it } from 'vitest'
import { png } from '../server/files-kit'
import { accounts } from './support/accounts'
import { useE2e } from './support/e2e'
import { designedClient, expectSound, openFrom, openStep } from './support/pages'

// An inspection's checklist on the Timeline, in the owner's browser (PRODUCT.md §16).
const e2e = useE2e({ env: { LOGIN_LIMIT_PER_EMAIL: '100' } })
const { serveCity, onboard } = accounts(e2e)

const BONDING = 'Bonding attached to the steel in four places'

describe('inspection checklists', () => {
  it('ticks a photo item only after its photo, and asks "Schedule anyway?" listing what is unticked', async () => {
    const { page, problems } = await designedClient(e2e, { serveCity, onboard })
    for (const step of ['Pool Design', 'Engineering', 'Permits']) {
      await openStep(page, step)
      await page.getByRole('button', { name: 'Mark as done' }).click()
      await page.getByRole('button', { name: 'Mark as not done' }).waitFor()
    }
    await openFrom(page, 'Project', 'Timeline')
    await page.getByRole('textbox', { name: 'Project start date' }).fill('2026-01-05')
    await page.getByRole('button', { name: 'Set start date' }).click()

    const preGunite = page.getByRole('region', { name: 'Pre-gunite inspection' })
    const bonding = preGunite.getByRole('checkbox', { name: BONDING })
    await bonding.click()
    await preGunite.getByRole('alert').filter({ hasText: 'Add a photo first' }).waitFor()
    expect(await bonding.isChecked()).toBe(false)
    await preGunite
      .getByLabel(`Photo for ${BONDING}`)
      .setInputFiles({ name: 'bonding.png', mimeType: 'image/png', buffer: await png() })
    await preGunite.getByText('1 photo attached').waitFor()
    await bonding.click()
    await expect.poll(() => bonding.isChecked()).toBe(true)
    expect(await preGunite.getByText('NEC 680.26(B)(1)').isVisible()).toBe(true)

    const layout = page.getByRole('region', { name: 'Layout inspection' })
    await layout.getByRole('checkbox', { name: 'Setbacks staked per the plan' }).click()
    await layout.getByRole('button', { name: 'Schedule inspection' }).click()
    const dialog = page.getByRole('dialog', { name: 'Schedule anyway?' })
    expect(await dialog.getByRole('listitem').allTextContents()).toEqual([
      'Equipment location staked',
    ])
    await expectSound(page)
    await dialog.getByRole('button', { name: 'Schedule anyway' }).click()
    await dialog.waitFor({ state: 'detached' })
    await layout.getByText('Scheduled', { exact: true }).waitFor()
    expect(problems).toEqual([])
  })
})
