import fs from 'node:fs/promises'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { axeViolations, describeViolations } from './support/axe'
import { useE2e } from './support/e2e'

// A short token life, so the timed refresh (30 s before expiry) happens within a test.
// Every test signs the admin in again: more codes than the default 5 per email per 15 minutes.
const e2e = useE2e({ env: { ACCESS_TOKEN_TTL: '45', LOGIN_LIMIT_PER_EMAIL: '100' } })
const ADMIN = 'admin@example.com'

const outbox = async () =>
  new Set(await fs.readdir(e2e.server.outboxDir).catch(() => [] as string[]))

/** The code in the first email to `to` that was not in the outbox before, as a user reads it. */
async function codeFor(to: string, before: Set<string>): Promise<string> {
  const deadline = Date.now() + 10_000
  while (Date.now() < deadline) {
    for (const name of await outbox()) {
      if (before.has(name)) continue
      const mail = JSON.parse(await fs.readFile(path.join(e2e.server.outboxDir, name), 'utf8')) as {
        to: string
        text: string
      }
      const code = mail.to === to ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined
      if (code) return code
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no code emailed to ${to}`)
}

async function expectAccessible(page: Page) {
  const violations = await axeViolations(page)
  expect(violations, describeViolations(violations)).toEqual([])
}

async function signInAsAdmin(page: Page, rememberMe = false) {
  await page.goto('/login')
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN)
  const inbox = await outbox()
  await page.getByRole('button', { name: 'Send code' }).click()
  await page.waitForURL('**/verify')
  await page.getByRole('textbox', { name: 'Verification code' }).fill(await codeFor(ADMIN, inbox))
  if (rememberMe) await page.getByRole('checkbox', { name: 'Remember me' }).check()
  await page.getByRole('button', { name: 'Verify' }).click()
  await page.waitForURL('**/admin/pricing')
}

/** Serves a city through the admin API, as an admin would. */
async function serveCity(name: string, state: string) {
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${e2e.server.url}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })
  const inbox = await outbox()
  const login = (await (await post('/api/login', { email: ADMIN })).json()) as {
    Data: { tempToken: string }
  }
  const code = await codeFor(ADMIN, inbox)
  const verified = await post('/api/verify', { code }, { 'temp-token': login.Data.tempToken })
  const { Data } = (await verified.json()) as { Data: { Token: string } }
  const created = await post(
    '/api/admin/cities/create',
    { name, state, permitFee: 30_000 },
    { authorization: `Bearer ${Data.Token}` },
  )
  expect(created.status).toBe(201)
}

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
