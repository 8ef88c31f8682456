import { describe, expect, it } from 'vitest'
import { accounts } from './support/accounts'
import { useE2e } from './support/e2e'

const e2e = useE2e()
const { serveCity, onboard, signInAsAdmin, enterCode } = accounts(e2e)

describe('a served city deleted', () => {
  it('asks first, then its clients wait for it again: in the back office and on their page', async () => {
    const clients = []
    for (const [name, email] of [
      ['Tia Waits', 'tia@example.com'],
      ['Ty Waits', 'ty@example.com'],
    ] as const) {
      const client = await e2e.openPage()
      await onboard(client.page, { city: 'tampa', state: 'FL', name, email })
      await client.page.getByRole('button', { name: 'Join the waiting list' }).click()
      await client.page.getByRole('button', { name: 'Leave the waiting list' }).waitFor()
      clients.push(client)
    }
    await serveCity('Tampa', 'FL')
    // Ty signs in again elsewhere, to the builder: that token says Flag when the city closes.
    const [first] = clients
    if (!first) throw new Error('no client')
    const second = await e2e.openPage()
    await enterCode(second.page, 'ty@example.com')
    await second.page.getByRole('button', { name: 'Verify' }).click()
    await second.page.waitForURL('**/builder/**')

    const admin = await e2e.openPage()
    const { page } = admin
    await signInAsAdmin(page)
    const sections = page.getByRole('navigation', { name: 'Admin sections' })
    await sections.getByRole('link', { name: 'Cities' }).click()
    await page.getByRole('button', { name: 'Delete Tampa, FL' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete this city?' })
    await dialog.getByText('2 clients live there; they go back on the waiting list.').waitFor()
    await dialog.getByRole('button', { name: 'Delete city' }).click()
    await dialog.waitFor({ state: 'hidden' })

    await sections.getByRole('link', { name: 'Waiting list' }).click()
    const list = page.getByRole('table', { name: 'Waiting clients by city' })
    await list.getByRole('columnheader', { name: 'Tampa, FL (2)' }).waitFor()
    for (const name of ['Tia Waits', 'Ty Waits'])
      expect(await list.getByRole('row', { name: new RegExp(name) }).count()).toBe(1)

    await first.page.reload()
    await first.page.waitForURL('**/coming-soon')
    await first.page
      .getByText("You're on the waiting list — we'll email you when we open in Tampa.")
      .waitFor()

    // Their next call is refused (403): the session is refreshed at once, not when it expires.
    const steps = second.page.getByRole('navigation', { name: 'Build steps' })
    await steps.getByRole('link', { name: 'Project builder' }).click()
    await second.page.getByRole('button', { name: 'Request a project builder' }).click()
    await second.page.waitForURL('**/coming-soon')
    await second.page
      .getByText("You're on the waiting list — we'll email you when we open in Tampa.")
      .waitFor()
    expect(second.problems).toEqual([
      'console: Failed to load resource: the server responded with a status of 403 (Forbidden)',
    ])
    expect([...clients.flatMap((c) => c.problems), ...admin.problems]).toEqual([])
  })
})
