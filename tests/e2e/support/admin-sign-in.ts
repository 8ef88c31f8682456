import fs from 'node:fs/promises'
import path from 'node:path'
import type { Page } from 'playwright-core'
import type { E2e } from './e2e'

export const ADMIN_EMAIL = 'admin@example.com'

const outbox = async (e2e: E2e) =>
  new Set(await fs.readdir(e2e.server.outboxDir).catch(() => [] as string[]))

/** The code in the first email to `to` that was not in the outbox before, as a user reads it. */
async function codeFor(e2e: E2e, to: string, before: Set<string>): Promise<string> {
  const deadline = Date.now() + 10_000
  while (Date.now() < deadline) {
    for (const name of await outbox(e2e)) {
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

/** Signs the seeded admin in through /login and the emailed code; ends on /admin/pricing. */
export async function signInAsAdmin(e2e: E2e, page: Page) {
  await page.goto('/login')
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN_EMAIL)
  const inbox = await outbox(e2e)
  await page.getByRole('button', { name: 'Send code' }).click()
  await page.waitForURL('**/verify')
  await page
    .getByRole('textbox', { name: 'Verification code' })
    .fill(await codeFor(e2e, ADMIN_EMAIL, inbox))
  await page.getByRole('button', { name: 'Verify' }).click()
  await page.waitForURL('**/admin/pricing')
}
