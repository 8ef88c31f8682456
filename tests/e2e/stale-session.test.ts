import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { accounts } from './support/accounts'
import { useE2e } from './support/e2e'

// A 45-second access token: the timed refresh is due 15 s after sign-in.
const TOKEN_TTL_S = 45
const e2e = useE2e({ env: { ACCESS_TOKEN_TTL: String(TOKEN_TTL_S) } })
const { serveCity, onboard } = accounts(e2e)
const HOUR = 60 * 60_000

beforeAll(() => serveCity('Austin', 'TX'))

/** A new client in Austin, signed in without "Remember me", on the builder's first step. */
async function signInClient(page: Page, email: string) {
  await onboard(page, { city: 'Austin', state: 'TX', name: 'Pat Pool', email })
  await page.waitForURL('**/builder/pool-design')
  await page.getByRole('heading', { level: 1, name: 'Pool Design' }).waitFor()
}

/** Every row of every IndexedDB database, and every localStorage key, the page can read. */
const storedData = (page: Page) =>
  page.evaluate(async () => {
    const rows: unknown[] = []
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name)
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
      for (const store of db.objectStoreNames) {
        const all = db.transaction(store).objectStore(store).getAll()
        rows.push(
          ...(await new Promise<unknown[]>(
            (resolve) => (all.onsuccess = () => resolve(all.result)),
          )),
        )
      }
      db.close()
    }
    return { rows, localStorage: Object.keys(localStorage) }
  })

describe('a stale session', () => {
  it('reopened without its refresh cookie, shows no builder and leaves nothing stored', async () => {
    const { page } = await e2e.openPage()
    await signInClient(page, 'reopen@example.com')
    // The page stores what it read once the role machines' chunk has loaded, after the first paint.
    await expect.poll(async () => (await storedData(page)).rows.length).toBeGreaterThan(0)

    // The browser is closed: its session cookies go (no "Remember me"), its storage stays.
    const kept = await page.context().storageState({ indexedDB: true })
    const cookies = kept.cookies.filter((cookie) => cookie.expires !== -1)
    expect(kept.cookies.map((cookie) => cookie.name)).toContain('refresh_token')
    expect(cookies.map((cookie) => cookie.name)).not.toContain('refresh_token')
    const { page: reopened } = await e2e.openPage({ storageState: { ...kept, cookies } })
    // An hour later: the stored access token has long expired.
    await reopened.clock.install({ time: Date.now() + HOUR })
    await reopened.addInitScript(() => {
      new MutationObserver(() => {
        if (document.querySelector('nav[aria-label="Build steps"]')) {
          document.documentElement.dataset.builderShown = 'yes'
        }
      }).observe(document, { childList: true, subtree: true })
    })

    await reopened.goto('/builder/pool-design')
    await reopened.waitForURL(/\/login\?redirect=/)
    await reopened.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor()
    expect(await reopened.evaluate(() => document.documentElement.dataset.builderShown)).toBe(
      undefined,
    )
    expect(await storedData(reopened)).toEqual({ rows: [], localStorage: [] })
  })

  it(
    'saves an edit made with an expired access token after one silent refresh, never leaving the page',
    { timeout: 150_000 },
    async () => {
      const { page, problems } = await e2e.openPage()
      // The page's clock stops, as a laptop asleep: no timed refresh renews the token.
      await page.clock.install()
      await signInClient(page, 'asleep@example.com')
      await page
        .getByRole('navigation', { name: 'Build steps' })
        .getByRole('link', { name: 'Excavation' })
        .click()
      await page.getByRole('heading', { level: 1, name: 'Excavation' }).waitFor()
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500)
      await page.waitForTimeout((TOKEN_TTL_S + 2) * 1000)

      const answers: string[] = []
      page.on('response', (response) => {
        const { pathname } = new URL(response.url())
        if (pathname.startsWith('/api/')) answers.push(`${response.status()} ${pathname}`)
      })
      const visited: string[] = []
      page.on('framenavigated', (frame) => visited.push(frame.url()))

      await page.getByRole('textbox', { name: 'Vendor' }).fill('Dig Co')
      await page.getByRole('textbox', { name: 'Amount' }).fill('12000')
      await page.getByRole('button', { name: 'Add quote' }).click()
      await page.getByRole('article', { name: 'Dig Co' }).waitFor()

      expect(answers).toEqual(['401 /api/add-quote', '200 /api/refresh', '200 /api/add-quote'])
      expect(visited.filter((url) => !url.includes('/builder/excavation'))).toEqual([])
      // The quote is on the server: a reload shows it.
      await page.clock.resume()
      await page.reload()
      await page.getByRole('article', { name: 'Dig Co' }).waitFor()
      expect(problems.filter((problem) => !problem.includes('401'))).toEqual([])
    },
  )
})
