import fs from 'node:fs/promises'
import path from 'node:path'
import type { Page } from 'playwright-core'
import type { RunningServer } from './server'

export const ADMIN = 'admin@example.com'

export type ClientDetails = {
  city: string
  state: string
  name: string
  email: string
  phone?: string
  address?: string
}

/**
 * Signing people in the way they do it: through the emailed code in the server's outbox.
 * Free of vitest, so `npm run screenshots` signs people in with it too.
 */
export function accounts(e2e: { readonly server: RunningServer }) {
  const outbox = async () =>
    new Set(
      (await fs.readdir(e2e.server.outboxDir).catch(() => [] as string[])).filter((name) =>
        name.endsWith('.json'),
      ),
    )

  /** The emails to `to` that were not in the outbox before. */
  async function mailsTo(to: string, before: Set<string>) {
    const mails: { to: string; text: string }[] = []
    for (const name of await outbox()) {
      if (before.has(name)) continue
      const file = path.join(e2e.server.outboxDir, name)
      const mail = JSON.parse(await fs.readFile(file, 'utf8')) as { to: string; text: string }
      if (mail.to === to) mails.push(mail)
    }
    return mails
  }

  /** The code in the first email to `to` that was not in the outbox before, as a user reads it. */
  async function codeFor(to: string, before: Set<string>): Promise<string> {
    const deadline = Date.now() + 10_000
    while (Date.now() < deadline) {
      for (const mail of await mailsTo(to, before)) {
        const code = /\b(\d{6})\b/.exec(mail.text)?.[1]
        if (code) return code
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error(`no code emailed to ${to}`)
  }

  /** /login, the email, and its code typed in on /verify; answers the outbox as it was before. */
  async function enterCode(page: Page, email: string): Promise<Set<string>> {
    await page.goto('/login')
    await page.getByRole('textbox', { name: 'Email' }).fill(email)
    const inbox = await outbox()
    await page.getByRole('button', { name: 'Send code' }).click()
    await page.waitForURL('**/verify')
    await page.getByRole('textbox', { name: 'Verification code' }).fill(await codeFor(email, inbox))
    return inbox
  }

  async function signInAsAdmin(page: Page, rememberMe = false) {
    await enterCode(page, ADMIN)
    if (rememberMe) await page.getByRole('checkbox', { name: 'Remember me' }).check()
    await page.getByRole('button', { name: 'Verify' }).click()
    await page.waitForURL('**/admin/pricing')
  }

  /** The access token of `email` (the admin unless said), through the API as the app gets it. */
  async function tokenFor(email = ADMIN): Promise<string> {
    const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${e2e.server.url}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      })
    const inbox = await outbox()
    const login = (await (await post('/api/login', { email })).json()) as {
      Data: { tempToken: string }
    }
    const code = await codeFor(email, inbox)
    const verified = await post('/api/verify', { code }, { 'temp-token': login.Data.tempToken })
    return ((await verified.json()) as { Data: { Token: string } }).Data.Token
  }

  /** Calls the admin API as an admin would (e.g. to serve a city); answers the response. */
  async function asAdmin(method: string, url: string, body?: unknown) {
    return fetch(`${e2e.server.url}/api/admin/${url}`, {
      method,
      headers: {
        authorization: `Bearer ${await tokenFor()}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  }

  /** Serves a city through the admin API, as an admin would. */
  async function serveCity(name: string, state: string, permitFee = 30_000) {
    const created = await asAdmin('POST', 'cities/create', { name, state, permitFee })
    if (created.status !== 201) {
      throw new Error(`serving ${name}, ${state}: ${created.status} ${await created.text()}`)
    }
  }

  /** Onboards a new client through the screens, up to the page the app sends them to. */
  async function onboard(page: Page, client: ClientDetails) {
    await page.goto('/onboarding')
    await page.getByRole('textbox', { name: 'City' }).fill(client.city)
    await page.getByRole('textbox', { name: 'State' }).fill(client.state)
    await page.getByRole('button', { name: 'Check availability' }).click()
    await page.getByRole('textbox', { name: 'Full name' }).fill(client.name)
    await page.getByRole('textbox', { name: 'Email' }).fill(client.email)
    await page.getByRole('textbox', { name: 'Phone' }).fill(client.phone ?? '+1 512 555 0100')
    await page.getByRole('textbox', { name: 'Street address' }).fill(client.address ?? '12 Lake St')
    const inbox = await outbox()
    await page.getByRole('button', { name: 'Send code' }).click()
    await page.waitForURL('**/verify')
    await page
      .getByRole('textbox', { name: 'Verification code' })
      .fill(await codeFor(client.email, inbox))
    await page.getByRole('button', { name: 'Verify' }).click()
  }

  return {
    outbox,
    mailsTo,
    codeFor,
    enterCode,
    signInAsAdmin,
    tokenFor,
    asAdmin,
    serveCity,
    onboard,
  }
}
