import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { accounts } from './support/accounts'
import { expectAccessible, useE2e } from './support/e2e'

const e2e = useE2e()
const { mailsTo, enterCode, serveCity } = accounts(e2e)

beforeAll(() => serveCity('Austin', 'TX'))

/**
 * What a healthy sign-up leaves in the console: Chromium logs verify's answer for an email with
 * no account, 404 ACCOUNT_NOT_FOUND (the wire contract's), as a failed load. Nothing else.
 */
const VERIFY_NOT_FOUND = [
  'console: Failed to load resource: the server responded with a status of 404 (Not Found)',
]

/** City and State side by side, their inputs on one line (the State hint stands above it). */
async function expectPlaceAligned(page: Page) {
  const top = async (name: string) =>
    (await page.getByRole('textbox', { name }).boundingBox())?.y ?? Number.NaN
  expect(await top('State')).toBe(await top('City'))
}

/** /login with an email no account uses, through its code, to onboarding. */
async function signInAsNewcomer(page: Page, email: string) {
  const inbox = await enterCode(page, email)
  await page.getByRole('button', { name: 'Verify' }).click()
  await page.waitForURL('**/onboarding')
  return inbox
}

/** The onboarding form after a proved email: place and details, then "Create account". */
async function createAccount(page: Page, place: { city: string; state: string }) {
  await page.getByRole('textbox', { name: 'City' }).fill(place.city)
  await page.getByRole('textbox', { name: 'State' }).fill(place.state)
  await page.getByRole('button', { name: 'Check availability' }).click()
  await page.getByRole('status').filter({ hasText: place.city }).waitFor()
  await page.getByRole('textbox', { name: 'Full name' }).fill('Nia Newcomer')
  await page.getByRole('textbox', { name: 'Phone' }).fill('+1 512 555 0142')
  await page.getByRole('textbox', { name: 'Street address' }).fill('7 Spring Rd')
  await page.getByRole('button', { name: 'Create account' }).click()
}

describe('signing up from /login', () => {
  it('takes an unknown email from its one code to the builder, with no second code', async () => {
    const { page, problems } = await e2e.openPage()
    const email = 'nia.served@example.com'
    const inbox = await signInAsNewcomer(page, email)

    await page.getByText(`No account uses ${email} yet`).waitFor()
    const emailBox = page.getByRole('textbox', { name: 'Email' })
    expect(await emailBox.inputValue()).toBe(email)
    expect(await emailBox.getAttribute('readonly')).not.toBeNull()
    expect(await page.getByRole('button', { name: 'Send code' }).count()).toBe(0)
    await expectPlaceAligned(page)
    await expectAccessible(page)

    await createAccount(page, { city: 'austin', state: 'tx' })
    await page.waitForURL('**/builder/pool-design')
    await page.getByRole('heading', { level: 1, name: 'Pool Design' }).waitFor()
    // One email, one code: onboarding asked for no second one.
    expect(await mailsTo(email, inbox)).toHaveLength(1)
    expect(problems).toEqual(VERIFY_NOT_FOUND)
  })

  it('lands a city we do not serve on coming soon, whose corrected city opens the builder', async () => {
    const { page, problems } = await e2e.openPage()
    await signInAsNewcomer(page, 'nia.moving@example.com')
    await createAccount(page, { city: 'Reno', state: 'NV' })
    await page.waitForURL('**/coming-soon')
    await page.getByRole('heading', { level: 1, name: 'Coming soon to Reno' }).waitFor()
    await expectAccessible(page)

    // The waiting list comes first; the city form and Log out after it.
    const buttons = await page.getByRole('main').getByRole('button').allTextContents()
    expect(buttons).toEqual(['Join the waiting list', 'Save city', 'Log out'])
    await page.getByRole('button', { name: 'Join the waiting list' }).click()
    await page.getByRole('button', { name: 'Leave the waiting list' }).waitFor()

    await page.getByRole('textbox', { name: 'State' }).fill('Nevada')
    await page.getByRole('button', { name: 'Save city' }).click()
    await page.getByText('Choose one of the 50 states or DC').waitFor()
    await expectPlaceAligned(page)

    await page.getByRole('textbox', { name: 'City' }).fill('Austin')
    await page.getByRole('textbox', { name: 'State' }).fill('TX')
    await page.getByRole('button', { name: 'Save city' }).click()
    await page.waitForURL('**/builder/pool-design')
    await page.getByRole('navigation', { name: 'Build steps' }).waitFor()

    // The move holds across a reload: the server stored it.
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Pool Design' }).waitFor()
    expect(page.url()).toContain('/builder/pool-design')
    expect(problems).toEqual(VERIFY_NOT_FOUND)
  })
})
