import os from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { accounts } from './support/accounts'
import { DESKTOP, PHONE } from './support/browser'
import { useE2e } from './support/e2e'
import { horizontalOverflow } from './support/layout-checks'
import { addTrade, designedClient, expectSound } from './support/pages'

// The owner's messages (PRODUCT.md §18, §19) from a client's browser, against the real server:
// the project's manager, assigned by an accepted request, answers through the API.
const e2e = useE2e({ env: { LOGIN_LIMIT_PER_EMAIL: '100' } })
const { serveCity, onboard, asAdmin, tokenFor, outbox, mailsTo, codeFor, enterCode } = accounts(e2e)
const MANAGER = 'morgan@example.com'

/** A manager of the back office's list, there before the owner signs in and reads the list. */
async function createManager(name = 'Morgan Lee', email = MANAGER) {
  const created = await asAdmin('POST', 'managers/create', {
    name,
    company: 'Build Right',
    email,
    phone: '+1 512 555 0199',
    bio: 'Twenty years of pools in Texas.',
    yearsExperience: 20,
    fee: 900_000,
  })
  expect(created.status).toBe(201)
}

/** The owner asks for the manager on its page; the back office accepts: the project's manager. */
async function assignManager(page: Page, name = 'Morgan Lee'): Promise<string> {
  await page.goto('/builder/project-managers')
  await page.getByRole('link', { name: new RegExp(name) }).click()
  await page.getByRole('button', { name: 'Request this manager' }).click()
  await page.getByText(/request is open/i).waitFor()
  const data = (await (await asAdmin('GET', 'fetch')).json()) as {
    Data: { ManagerRequests: { id: string; clientId: string }[] }
  }
  const request = data.Data.ManagerRequests.at(-1)
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
    // Opening the thread reads it and then marks it read, a write: the client's writes go one
    // at a time, and on a loaded machine that one can still be on its way when Send is pressed.
    await page.waitForLoadState('networkidle')

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

  it('carries a step thread between the owner, the manager and the trade, each in their own browser', async () => {
    const TRADE = 'rita@rebar.example'
    await createManager('Casey Cole', 'casey@example.com')
    const owner = await designedClient(e2e, { serveCity, onboard }, { city: 'Waco', name: 'Sam' })
    const { page } = owner
    const clientId = await assignManager(page, 'Casey Cole')

    // The owner records the trade and asks it for a bid on Steel: it joins Steel's thread.
    await addTrade(page, { company: 'Rebar Co', contact: 'Rita', email: TRADE, step: 'Steel' })
    await page.goto('/builder/steel')
    await page
      .getByRole('region', { name: 'Bids' })
      .getByRole('button', { name: 'Request bids' })
      .click()
    const request = page.getByRole('dialog', { name: 'Request bids' })
    await request.getByRole('checkbox', { name: 'Rebar Co' }).check()
    const beforeRequest = await outbox()
    await request.getByRole('button', { name: 'Send requests' }).click()
    await request.waitFor({ state: 'detached' })

    await page.goto('/builder/messages?thread=steel')
    await page.getByRole('heading', { level: 2, name: 'Steel' }).waitFor()
    await page.getByRole('textbox', { name: 'Message' }).fill('The gate code is 4321.')
    await page.getByRole('button', { name: 'Send' }).click()
    await page.locator('.message-text', { hasText: 'The gate code is 4321.' }).waitFor()

    // The manager signs in with its code and sees only Projects; it answers on Steel's thread.
    const manager = await e2e.openPage()
    await enterCode(manager.page, 'casey@example.com')
    await manager.page.getByRole('button', { name: 'Verify' }).click()
    await manager.page.waitForURL('**/admin/projects')
    const sections = manager.page.getByRole('navigation', { name: 'Admin sections' })
    await sections.getByRole('link', { name: 'Projects' }).waitFor()
    expect(await sections.getByRole('link', { name: 'Pricing' }).count()).toBe(0)
    await manager.page.goto(`/admin/projects/${clientId}`)
    await manager.page.getByRole('heading', { level: 1, name: "Sam's project" }).waitFor()
    await manager.page.getByRole('tab', { name: 'Messages' }).click()
    await manager.page
      .getByRole('navigation', { name: 'Threads' })
      .getByRole('link', { name: 'Steel' })
      .click()
    await manager.page.locator('.message-text', { hasText: 'The gate code is 4321.' }).waitFor()
    await manager.page.getByRole('textbox', { name: 'Message' }).fill('Rebar inspection is Friday.')
    await manager.page.getByRole('button', { name: 'Send' }).click()
    await manager.page
      .locator('.message-text', { hasText: 'Rebar inspection is Friday.' })
      .waitFor()

    // The trade, on its phone with the emailed link, reads both and answers.
    // Its inbox holds the bid request and, from the owner's message, a note to open its link.
    const linkIn = async () =>
      (await mailsTo(TRADE, beforeRequest))
        .map((mail) => /https?:\/\/\S+\/t\/[\w-]+/.exec(mail.text)?.[0])
        .find((found) => found !== undefined)
    await expect.poll(linkIn).toBeDefined()
    const link = await linkIn()
    if (!link) throw new Error('no link in the bid request')
    const trade = await e2e.openPage({ viewport: PHONE })
    await trade.page.goto(link)
    const beforeCode = await outbox()
    await trade.page.getByRole('button', { name: 'Send me a code' }).click()
    await trade.page.getByRole('textbox', { name: 'Code' }).fill(await codeFor(TRADE, beforeCode))
    await trade.page.getByRole('button', { name: 'Verify' }).click()
    await trade.page.getByRole('heading', { level: 2, name: 'Messages' }).waitFor()
    await trade.page.locator('.message-text', { hasText: 'Rebar inspection is Friday.' }).waitFor()
    await trade.page.getByRole('textbox', { name: 'Message' }).fill('We bring the rebar Thursday.')
    await trade.page.getByRole('button', { name: 'Send' }).click()
    await trade.page.locator('.message-text', { hasText: 'We bring the rebar Thursday.' }).waitFor()
    expect(await horizontalOverflow(trade.page)).toEqual([])

    // The owner's navigation counts the two answers until the thread is opened.
    await page.goto('/builder/overview')
    await expect.poll(() => descriptionOf(page, 'Messages')).toBe('2 unread')
    await page.goto('/builder/messages?thread=steel')
    await page.locator('.message-text', { hasText: 'We bring the rebar Thursday.' }).waitFor()
    await expect.poll(() => descriptionOf(page, 'Messages')).toBe('')
    expect([...owner.problems, ...manager.problems]).toEqual([])
    // Only the portal's first try to resume a session, before there was one, was refused.
    expect(trade.problems).toEqual([
      'console: Failed to load resource: the server responded with a status of 401 (Unauthorized)',
    ])
  })
})
