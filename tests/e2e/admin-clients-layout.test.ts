import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { accounts } from './support/accounts'
import { DESKTOP, PHONE } from './support/browser'
import { useE2e } from './support/e2e'

const e2e = useE2e()

/**
 * A 1280 px screen less the 16 px a desktop browser's scroll bar takes once the list is longer
 * than the screen (headless Chromium draws none).
 */
const LAPTOP = { ...DESKTOP, width: DESKTOP.width - 16 }
const { serveCity, onboard, signInAsAdmin } = accounts(e2e)

/** How far the Clients table's own box scrolls sideways, and how far the page does. */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => {
    const box = document.querySelector('.data-table .table-scroll')
    return {
      table: box ? box.scrollWidth - box.clientWidth : -1,
      page: document.documentElement.scrollWidth - window.innerWidth,
    }
  })

/** Calls the API as the client signed in on `page`. */
async function asClient(page: Page, method: string, url: string, body?: unknown, status = 200) {
  const token = await page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('auth') ?? 'null') as { accessToken?: string } | null)
        ?.accessToken ?? '',
  )
  const response = await fetch(`${e2e.server.url}/api${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      origin: e2e.server.url,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  expect(response.status, url).toBe(status)
  return ((await response.json()) as { Data: unknown }).Data
}

/** A client with a long name in a city with a long name, who has committed and paid large sums. */
async function bigClient() {
  await serveCity('Winston-Salem', 'NC')
  const client = await e2e.openPage({ viewport: PHONE })
  await onboard(client.page, {
    city: 'Winston-Salem',
    state: 'NC',
    name: 'Patricia Fernández-Whitmore',
    email: 'patricia.fernandez-whitmore@example.com',
  })
  await client.page.waitForURL('**/builder/pool-design')
  const stages = (await asClient(client.page, 'GET', '')) as { id: string; slug: string }[]
  const steel = stages.find((stage) => stage.slug === 'steel')
  const entry = (await asClient(client.page, 'PUT', '/add-quote', {
    StageId: steel?.id,
    vendor: 'Carolina Rebar',
    amount: 123_456_789,
  })) as { quotes: { id: string }[] }
  await asClient(client.page, 'PUT', '/accept-quote', {
    StageId: steel?.id,
    quoteId: entry.quotes[0]?.id,
  })
  const money = (await asClient(client.page, 'GET', '/money')) as {
    steps: { draws: { id: string; amount: number }[] }[]
  }
  const [draw] = money.steps.flatMap((step) => step.draws).sort((a, b) => b.amount - a.amount)
  const payment = { paidOn: '2026-01-15', amount: draw?.amount, method: 'check' }
  await asClient(client.page, 'POST', `/draws/${draw?.id}/payments`, payment, 201)
  return client
}

describe('Admin › Clients', () => {
  it('fits every column at 1280 px with room for who the client is, and its cards at 390 px', async () => {
    const client = await bigClient()
    const { page, problems } = await e2e.openPage({ viewport: LAPTOP })
    await signInAsAdmin(page)
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Clients' })
      .click()
    const table = page.getByRole('table', { name: 'Clients' })
    await table.getByRole('cell', { name: '$1,234,567.89' }).waitFor()
    expect(await sidewaysScroll(page)).toEqual({ table: 0, page: 0 })
    // Room to read who it is: not a name squeezed to a word a line and an email cut in pieces.
    const who = await table.getByRole('columnheader', { name: /^Client/ }).boundingBox()
    expect(who?.width).toBeGreaterThanOrEqual(192)
    for (const header of ['Paid', 'Storage', 'Actions']) {
      const cell = table.getByRole('columnheader', { name: new RegExp(`^${header}`) })
      const box = await cell.boundingBox()
      expect(box && box.x + box.width, header).toBeLessThanOrEqual(LAPTOP.width)
    }

    await page.setViewportSize(PHONE)
    expect(await sidewaysScroll(page)).toEqual({ table: 0, page: 0 })
    expect([...client.problems, ...problems]).toEqual([])
  })
})
