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
// an admin writes on the project's threads as staff do, through the API.
const e2e = useE2e({ env: { LOGIN_LIMIT_PER_EMAIL: '100' } })
const { serveCity, onboard, asAdmin } = accounts(e2e)

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

/** The project of the client named `owner`, as the back office lists it. */
async function projectOf(owner: string): Promise<string> {
  const answer = (await (await asAdmin('GET', 'projects')).json()) as {
    Data: { clientId: string; owner: string }[]
  }
  const row = answer.Data.find((project) => project.owner === owner)
  if (!row) throw new Error(`no project of ${owner}`)
  return row.clientId
}

describe('messages', () => {
  it('sends a message on a step thread, and counts what staff wrote as unread in the navigation', async () => {
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

    // Staff answer on the project's thread: the owner's navigation counts it once it reads the
    // threads again (here, when the page loads).
    const clientId = await projectOf('Robin')
    const posted = await asAdmin('POST', `projects/${clientId}/threads/project/messages`, {
      text: 'The digger comes Monday at 8.',
    })
    expect(posted.status).toBe(201)
    await page.goto('/builder/overview')
    await expect.poll(() => descriptionOf(page, 'Messages')).toBe('1 unread')

    await page.goto('/builder/messages?thread=project')
    await page.getByText('The digger comes Monday at 8.').waitFor()
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
