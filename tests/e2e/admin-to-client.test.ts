import fs from 'node:fs/promises'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { accounts } from './support/accounts'
import { expectAccessible, useE2e } from './support/e2e'
import { designedClient, openSection } from './support/pages'

// What an admin does in the back office, seen from a client's browser.
const e2e = useE2e({ env: { LOGIN_LIMIT_PER_EMAIL: '100' } })
const { signInAsAdmin, serveCity, onboard, outbox, codeFor } = accounts(e2e)

const excavationEstimate = (page: Page) =>
  page.getByRole('region', { name: 'Estimate' }).locator('.estimate-amount').textContent()

/** The emails sent to `to` so far, as the outbox holds them. */
async function mailsTo(to: string) {
  const mails = await Promise.all(
    [...(await outbox())].map(
      async (name) =>
        JSON.parse(await fs.readFile(path.join(e2e.server.outboxDir, name), 'utf8')) as {
          to: string
          subject?: string
          text: string
        },
    ),
  )
  return mails.filter((mail) => mail.to === to)
}

describe('from the back office to the builder', () => {
  it("a pricing edit changes the client's estimate", async () => {
    // The design saved is the reference pool: 32 × 16 ft, 3.5–6 ft deep, 4 ft deck.
    const client = await designedClient(e2e, { serveCity, onboard })
    await client.page.goto('/builder/excavation')
    await client.page.getByRole('heading', { level: 1, name: 'Excavation' }).waitFor()
    expect(await excavationEstimate(client.page)).toBe('$8,320')

    const admin = await e2e.openPage()
    await signInAsAdmin(admin.page)
    await admin.page.getByRole('button', { name: 'Edit pricing for Excavation' }).click()
    const dialog = admin.page.getByRole('dialog', { name: 'Edit pricing: Excavation' })
    await dialog.getByRole('textbox', { name: /^Unit price/ }).fill('70')
    await dialog.getByRole('button', { name: 'Save pricing' }).click()
    await dialog.waitFor({ state: 'detached' })

    // $500 + 130.33 yd³ × $70.
    await expect
      .poll(
        async () => {
          await client.page.reload()
          await client.page.getByRole('heading', { level: 1, name: 'Excavation' }).waitFor()
          return excavationEstimate(client.page)
        },
        { timeout: 15_000, interval: 1_000 },
      )
      .toBe('$9,623')
    expect([...client.problems, ...admin.problems]).toEqual([])
  })

  it("opening a waiting client's city emails them and takes them to the builder", async () => {
    const client = await e2e.openPage()
    const email = 'wai@example.com'
    await onboard(client.page, { city: 'Boise', state: 'ID', name: 'Wai Ting', email })
    await client.page.waitForURL('**/coming-soon')
    await client.page.getByRole('button', { name: 'Join the waiting list' }).click()
    await client.page.getByRole('button', { name: 'Leave the waiting list' }).waitFor()

    const admin = await e2e.openPage()
    await signInAsAdmin(admin.page)
    await openSection(admin.page, 'Waiting list')
    await admin.page.getByRole('cell', { name: 'Wai Ting' }).waitFor()
    await openSection(admin.page, 'Cities')
    await admin.page.getByRole('button', { name: 'Add city' }).click()
    const dialog = admin.page.getByRole('dialog', { name: 'Add city' })
    await dialog.getByRole('textbox', { name: 'City', exact: true }).fill('Boise')
    await dialog.getByRole('combobox', { name: 'State', exact: true }).selectOption('ID')
    await dialog.getByRole('textbox', { name: 'Permit fee ($)', exact: true }).fill('300')
    await dialog.getByRole('button', { name: 'Add city' }).click()
    await dialog.waitFor({ state: 'detached' })

    await expect
      .poll(async () => (await mailsTo(email)).some((mail) => /Boise/.test(mail.text)))
      .toBe(true)

    // The email brings the client back: signing in now lands on the builder.
    await client.page.getByRole('button', { name: 'Log out' }).click()
    await client.page.waitForURL('**/login**')
    await client.page.getByRole('textbox', { name: 'Email' }).fill(email)
    const inbox = await outbox()
    await client.page.getByRole('button', { name: 'Send code' }).click()
    // Logging out left where the client was in ?redirect=, which the landing pages carry on.
    await client.page.waitForURL('**/verify**')
    await client.page
      .getByRole('textbox', { name: 'Verification code' })
      .fill(await codeFor(email, inbox))
    await client.page.getByRole('button', { name: 'Verify' }).click()
    await client.page.waitForURL('**/builder/pool-design')
    await client.page.getByRole('navigation', { name: 'Build steps' }).waitFor()
    await expectAccessible(client.page)
    expect([...client.problems, ...admin.problems]).toEqual([])
  })
})
