import os from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { accounts } from './support/accounts'
import { DESKTOP, PHONE } from './support/browser'
import { useE2e } from './support/e2e'
import { horizontalOverflow } from './support/layout-checks'
import { designedClient, expectSound } from './support/pages'

// The owner's messages (PRODUCT.md §18, §19) from a client's browser, against the real server:
// the project's manager, assigned by an accepted request, answers through the API.
const e2e = useE2e({ env: { LOGIN_LIMIT_PER_EMAIL: '100' } })
const { serveCity, onboard, asAdmin, tokenFor } = accounts(e2e)
const MANAGER = 'morgan@example.com'

/** A manager of the back office's list, there before the owner signs in and reads the list. */
async function createManager() {
  const created = await asAdmin('POST', 'managers/create', {
    name: 'Morgan Lee',
    company: 'Build Right',
    email: MANAGER,
    phone: '+1 512 555 0199',
    bio: 'Twenty years of pools in Texas.',
    yearsExperience: 20,
    fee: 900_000,
  })
  expect(created.status).toBe(201)
}

/** The owner asks for the manager on its page; the back office accepts: the project's manager. */
async function assignManager(page: Page): Promise<string> {
  await page.goto('/builder/project-managers')
  await page.getByRole('link', { name: /Morgan Lee/ }).click()
  await page.getByRole('button', { name: 'Request this manager' }).click()
  await page.getByText(/request is open/i).waitFor()
  const data = (await (await asAdmin('GET', 'fetch')).json()) as {
    Data: { ManagerRequests: { id: string; clientId: string }[] }
  }
  const [request] = data.Data.ManagerRequests
  if (!request) throw new Error('no manager request')
  const accepted = await asAdmin('PUT', `manager-requests/${request.id}`, { status: 'accepted' })
  expect(accepted.status).toBe(200)
  return request.clientId
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(os.tmpdir(), `poolpath-${name}.png`), fullPage: true })

/** The ids a link's aria-describedby names, read as text: its description. */
const descriptionOf = (page: Page, name: string) =>
  page
    .getByRole('navigation', { name: 'Project' })
    .getByRole('link', { name, exact: true })
    .evaluate((link) =>
      (link.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
        .trim(),
    )

describe('messages', () => {
  it('sends a message on a step thread, and counts what the manager wrote as unread in the navigation', async () => {
    await createManager()
    const { page, problems } = await designedClient(e2e, { serveCity, onboard }, { name: 'Robin' })
    await page
      .getByRole('navigation', { name: 'Project' })
      .getByRole('link', { name: 'Messages', exact: true })
      .click()
    await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor()
    await page
      .getByRole('navigation', { name: 'Threads' })
      .getByRole('link', { name: 'Excavation' })
      .click()
    await page.getByRole('heading', { level: 2, name: 'Excavation' }).waitFor()
    expect(new URL(page.url()).searchParams.get('thread')).toBe('excavation')

    await page.getByRole('textbox', { name: 'Message' }).fill('When does the digger come?')
    await page.getByRole('button', { name: 'Send' }).click()
    await page.locator('.message-text', { hasText: 'When does the digger come?' }).waitFor()
    expect(await page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('')

    // The manager answers on the project's thread: the owner's navigation counts it once it
    // reads the threads again (here, when the page loads).
    const clientId = await assignManager(page)
    const posted = await fetch(
      `${e2e.server.url}/api/admin/projects/${clientId}/threads/project/messages`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await tokenFor(MANAGER)}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ text: 'The digger comes Monday at 8.' }),
      },
    )
    expect(posted.status).toBe(201)
    await page.goto('/builder/overview')
    await expect.poll(() => descriptionOf(page, 'Messages')).toBe('1 unread')

    await page.goto('/builder/messages?thread=project')
    await page.locator('.message-text', { hasText: 'The digger comes Monday at 8.' }).waitFor()
    await expect.poll(() => descriptionOf(page, 'Messages')).toBe('')

    await expectSound(page)
    await shot(page, 'messages-desktop')
    await page.setViewportSize(PHONE)
    expect(await horizontalOverflow(page)).toEqual([])
    await shot(page, 'messages-phone')
    await page.setViewportSize(DESKTOP)
    expect(problems).toEqual([])
  })
})
