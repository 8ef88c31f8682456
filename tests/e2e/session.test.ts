import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { accounts, ADMIN } from './support/accounts'
import { expectAccessible, useE2e } from './support/e2e'

// A short token life, so the timed refresh (30 s before expiry) happens within a test.
// Every test signs the admin in again: more codes than the default 5 per email per 15 minutes.
const e2e = useE2e({ env: { ACCESS_TOKEN_TTL: '45', LOGIN_LIMIT_PER_EMAIL: '100' } })
const { outbox, codeFor, signInAsAdmin, serveCity } = accounts(e2e)

const storedToken = (page: Page) =>
  page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('auth') ?? 'null') as { accessToken?: string } | null)
        ?.accessToken ?? null,
  )

describe('signing in', () => {
  it('takes the admin from /login through the emailed code to /admin/pricing', async () => {
    const { page, problems } = await e2e.openPage()
    await page.goto('/login')
    await page.getByRole('heading', { level: 1 }).waitFor()
    await expectAccessible(page)
    await signInAsAdmin(page)
    await page.getByRole('navigation', { name: 'Admin sections' }).waitFor()
    await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor()
    expect(await storedToken(page)).toMatch(/^ey/)

    // A reload keeps the session.
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor()
    expect(page.url()).toContain('/admin/pricing')
    expect(problems).toEqual([])
  })

  it('onboards a client in a city we do not serve onto coming soon and the waiting list', async () => {
    const { page, problems } = await e2e.openPage()
    await page.goto('/')
    await page.waitForURL('**/onboarding')
    await page.getByRole('textbox', { name: 'City' }).waitFor()
    await expectAccessible(page)
    await page.getByRole('textbox', { name: 'City' }).fill('Nowhere')
    await page.getByRole('textbox', { name: 'State' }).fill('NV')
    await page.getByRole('button', { name: 'Check availability' }).click()
    await page.getByText("We don't build in Nowhere, NV yet", { exact: false }).waitFor()
    await page.getByRole('textbox', { name: 'Full name' }).fill('Wai Ting')
    await page.getByRole('textbox', { name: 'Email' }).fill('wai@example.com')
    await page.getByRole('textbox', { name: 'Phone' }).fill('+1 702 555 0100')
    await page.getByRole('textbox', { name: 'Street address' }).fill('1 Desert Rd')
    const inbox = await outbox()
    await page.getByRole('button', { name: 'Send code' }).click()
    await page.waitForURL('**/verify')
    await expectAccessible(page)
    await page
      .getByRole('textbox', { name: 'Verification code' })
      .fill(await codeFor('wai@example.com', inbox))
    await page.getByRole('button', { name: 'Verify' }).click()
    await page.waitForURL('**/coming-soon')
    await page.getByRole('heading', { name: /Coming soon/ }).waitFor()
    await expectAccessible(page)

    await page.getByRole('button', { name: 'Join the waiting list' }).click()
    await page.getByRole('button', { name: 'Leave the waiting list' }).waitFor()
    // The guards hold: the builder is closed to a client without Flag, the admin area too.
    await page.goto('/builder/steel')
    await page.waitForURL('**/coming-soon')
    await page.goto('/admin')
    await page.waitForURL('**/coming-soon')
    expect(problems).toEqual([])
  })

  it('onboards a client in a served city straight into the builder', async () => {
    await serveCity('Austin', 'TX')
    const { page, problems } = await e2e.openPage()
    await page.goto('/onboarding')
    await page.getByRole('textbox', { name: 'City' }).fill('austin')
    await page.getByRole('textbox', { name: 'State' }).fill('tx')
    await page.getByRole('button', { name: 'Check availability' }).click()
    await page.getByText('we build in', { exact: false }).waitFor()
    await page.getByRole('textbox', { name: 'Full name' }).fill('Pat Pool')
    await page.getByRole('textbox', { name: 'Email' }).fill('pat@example.com')
    await page.getByRole('textbox', { name: 'Phone' }).fill('+1 512 555 0100')
    await page.getByRole('textbox', { name: 'Street address' }).fill('12 Lake St')
    const inbox = await outbox()
    await page.getByRole('button', { name: 'Send code' }).click()
    await page.waitForURL('**/verify')
    await page
      .getByRole('textbox', { name: 'Verification code' })
      .fill(await codeFor('pat@example.com', inbox))
    await page.getByRole('button', { name: 'Verify' }).click()
    await page.waitForURL('**/builder/pool-design')
    await page.getByRole('navigation', { name: 'Build steps' }).waitFor()
    await page.getByRole('heading', { level: 1, name: 'Pool Design' }).waitFor()
    await expectAccessible(page)
    expect(problems).toEqual([])
  })

  it('tells a wrong code apart, with the tries left', async () => {
    const { page } = await e2e.openPage()
    await page.goto('/login')
    await page.getByRole('textbox', { name: 'Email' }).fill('someone@example.com')
    await page.getByRole('button', { name: 'Send code' }).click()
    await page.waitForURL('**/verify')
    await page.getByRole('textbox', { name: 'Verification code' }).fill('000000')
    await page.getByRole('button', { name: 'Verify' }).click()
    await page
      .getByText(/tries left|try left|not right|new code/i)
      .first()
      .waitFor()
  })
})

describe('the session', () => {
  it('sends a visitor to /login and back to where they were going after sign-in', async () => {
    const { page } = await e2e.openPage()
    await page.goto('/admin/city')
    await page.waitForURL(/\/login\?redirect=/)
    await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN)
    const inbox = await outbox()
    await page.getByRole('button', { name: 'Send code' }).click()
    // Where the visitor was going travels along to /verify.
    await page.waitForURL(/\/verify\?redirect=%2Fadmin%2Fcity$/)
    await page.getByRole('textbox', { name: 'Verification code' }).fill(await codeFor(ADMIN, inbox))
    await page.getByRole('button', { name: 'Verify' }).click()
    await page.waitForURL('**/admin/city')
  })

  it('logs out: storage cleared and the guards hold', async () => {
    const { page, problems } = await e2e.openPage()
    await signInAsAdmin(page, true)
    await page.getByRole('button', { name: 'Log out' }).click()
    await page.waitForURL(/\/(login|onboarding)/)
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull()
    const cookies = await page.context().cookies()
    expect(cookies.find((c) => c.name === 'rememberLogin')).toBeUndefined()
    await page.goto('/admin/pricing')
    await page.waitForURL(/\/login\?redirect=/)
    expect(problems).toEqual([])
  })

  it('with Remember me, survives cleared storage through the refresh cookie', async () => {
    const { page } = await e2e.openPage()
    await signInAsAdmin(page, true)
    await page.evaluate(() => localStorage.clear())
    await page.goto('/admin/pricing')
    await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor()
    expect(page.url()).toContain('/admin/pricing')
  })

  it('refreshes the access token before it expires, in two tabs at once, and stays signed in', async () => {
    const { page } = await e2e.openPage()
    await signInAsAdmin(page)
    const second = await page.context().newPage()
    await second.goto('/admin/pricing')
    await second.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor()
    const first = await storedToken(page)
    // ACCESS_TOKEN_TTL=45: the refresh is due 15 s after sign-in.
    await page.waitForFunction(
      (token) =>
        (JSON.parse(localStorage.getItem('auth') ?? 'null') as { accessToken?: string } | null)
          ?.accessToken !== token,
      first,
      { timeout: 30_000 },
    )
    await page.waitForTimeout(2_000)
    for (const tab of [page, second]) {
      await tab.reload()
      await tab.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor()
      expect(tab.url()).toContain('/admin/pricing')
    }
  })
})
