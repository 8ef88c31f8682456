import os from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { axeViolations, describeViolations } from './support/axe'
import { DESKTOP, PHONE } from './support/browser'
import { useE2e } from './support/e2e'

const STAGE_TITLES = [
  'Excavation',
  'Steel',
  'Plumbing',
  'Electrical',
  'Shotcrete',
  'Tile & Coping',
  'Decking',
  'Extras',
  'Interior Finish',
  'Pool Startup',
]

const e2e = useE2e()

const stageCards = (page: Page) => page.getByRole('listitem')
const stageCard = (page: Page, title: string) =>
  stageCards(page).filter({
    has: page.getByRole('heading', { level: 3, name: title, exact: true }),
  })

async function waitForStages(page: Page) {
  await stageCard(page, 'Pool Startup').waitFor()
}

describe('the landing page', () => {
  it('shows every stage in build order with its price and design tip', async () => {
    const { page, problems } = await e2e.openPage()
    await page.goto('/')
    // A visitor who is not signed in starts at onboarding, which shows the stages below the form.
    await page.waitForURL('**/onboarding')
    await page.getByRole('heading', { level: 1, name: 'Tell us about your pool' }).waitFor()
    await page.getByText('Design and build your swimming pool, step by step').waitFor()
    await waitForStages(page)

    const titles = await page.getByRole('heading', { level: 3 }).allTextContents()
    expect(titles).toEqual(STAGE_TITLES)
    const excavation = await stageCard(page, 'Excavation').textContent()
    expect(excavation).toContain('$500 + $60.00 per cubic yard of dig')
    expect(excavation).toContain('Call 811')
    expect(await stageCard(page, 'Electrical').textContent()).toContain('$3,500 flat')
    expect(await stageCard(page, 'Extras').textContent()).toContain('from 7 extras')
    expect(await page.title()).toBe('PoolPath')
    expect(problems).toEqual([])
  })

  it('loads the app from a deep link (the server falls back to index.html)', async () => {
    const { page, problems } = await e2e.openPage()
    const response = await page.goto('/builder/pool-design')
    expect(response?.status()).toBe(200)
    // The app took the path: the builder guard sends a visitor to sign in first.
    await page.waitForURL(/\/login\?redirect=%2Fbuilder%2Fpool-design/)
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor()
    expect(problems).toEqual([])
  })

  it('has no accessibility violations', async () => {
    const { page, problems } = await e2e.openPage()
    await page.goto('/')
    await waitForStages(page)
    const violations = await axeViolations(page)
    expect(violations, describeViolations(violations)).toEqual([])
    expect(problems).toEqual([])
  })

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('fits a %s screen without sideways scrolling', async (name, viewport) => {
    const { page, problems } = await e2e.openPage({ viewport })
    await page.goto('/')
    await waitForStages(page)
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBe(0)
    // For people to look at; nothing compares them.
    await page.screenshot({ path: path.join(os.tmpdir(), `poolpath-${name}.png`), fullPage: true })
    expect(problems).toEqual([])
  })

  it('shows a spinner while loading, and a way to try again when the call fails', async () => {
    const { page, problems } = await e2e.openPage()
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    let failing = true
    await page.route('**/api', async (route) => {
      if (!failing) return route.continue()
      await released
      return route.fulfill({ status: 503, contentType: 'application/problem+json', body: '{}' })
    })

    await page.goto('/')
    await page.getByRole('status', { name: 'Loading' }).waitFor()
    release()
    const alert = page.getByRole('alert')
    await alert.waitFor()
    expect(await alert.textContent()).toContain('We could not load the build stages.')
    const violations = await axeViolations(page)
    expect(violations, describeViolations(violations)).toEqual([])

    failing = false
    await page.getByRole('button', { name: 'Try again' }).click()
    await waitForStages(page)
    expect(await stageCards(page).count()).toBe(STAGE_TITLES.length)
    expect(await alert.count()).toBe(0)
    // The browser reports each refused call (503) as a failed resource load: expected here.
    expect(problems.filter((p) => !p.includes('status of 503'))).toEqual([])
  })
})

describe('the built app as served', () => {
  it('sends index.html uncached and hashed assets cached for a year, compressed', async () => {
    const page = await fetch(`${e2e.server.url}/login`)
    expect(page.headers.get('cache-control')).toBe('no-cache')
    // The framework's chunk, which the page preloads: the entry script itself is a few hundred
    // bytes, too small to be worth compressing.
    const script = /href="(\/assets\/framework-[^"]+\.js)"/.exec(await page.text())?.[1]
    expect(script).toBeDefined()
    const asset = await fetch(`${e2e.server.url}${script}`, {
      headers: { 'accept-encoding': 'br' },
    })
    expect(asset.status).toBe(200)
    expect(asset.headers.get('content-encoding')).toBe('br')
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    // Node's fetch decodes brotli: the bytes are the script itself.
    expect((await asset.text()).length).toBeGreaterThan(1000)
  })

  it('answers a missing asset 404, never with the page in its place', async () => {
    const missing = await fetch(`${e2e.server.url}/assets/no-such-chunk.js`)
    expect(missing.status).toBe(404)
    expect(missing.headers.get('content-type')).toContain('application/problem+json')
    // Any other unknown page is the app's, for its router to take.
    const page = await fetch(`${e2e.server.url}/no-such-page`)
    expect(page.headers.get('content-type')).toContain('text/html')
  })
})

describe('a page that is not there', () => {
  it('shows the not-found page with a way back', async () => {
    const { page, problems } = await e2e.openPage()
    await page.goto('/no-such-page')
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor()
    await page.getByRole('link', { name: 'Go to PoolPath' }).click()
    await page.waitForURL('**/onboarding')
    expect(problems).toEqual([])
  })
})
