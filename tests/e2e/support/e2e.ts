import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { axeViolations, describeViolations } from './axe'
import { launchBrowser, openPage, type WatchedPage } from './browser'
import { startServer, type RunningServer, type StartServerOptions } from './server'

export type E2e = {
  readonly server: RunningServer
  readonly browser: Browser
  /** A new page on the server in a fresh context (own cookies and storage), closed after the test. */
  openPage: (options?: BrowserContextOptions) => Promise<WatchedPage>
}

/**
 * Call once at the top of a browser test file: starts the real server and Chromium before the
 * file's tests and stops both after them. Each test opens its own pages with `openPage`.
 */
export function useE2e(options: StartServerOptions = {}): E2e {
  let server: RunningServer | undefined
  let browser: Browser | undefined
  let openPages: WatchedPage[] = []

  const stopAll = async () => {
    await Promise.all([browser?.close(), server?.stop()])
  }

  beforeAll(async () => {
    const started = await Promise.allSettled([startServer(options), launchBrowser()])
    const [serverResult, browserResult] = started
    if (serverResult.status === 'fulfilled') server = serverResult.value
    if (browserResult.status === 'fulfilled') browser = browserResult.value
    const failure = started.find((r): r is PromiseRejectedResult => r.status === 'rejected')
    if (failure) {
      await stopAll()
      throw failure.reason
    }
  })

  // Also when an assertion failed half-way through the test.
  afterEach(async () => {
    const pages = openPages
    openPages = []
    await Promise.all(pages.map((p) => p.close()))
  })

  afterAll(stopAll)

  const ready = () => {
    if (!server || !browser) throw new Error('useE2e(): the server or browser did not start')
    return { server, browser }
  }

  return {
    get server() {
      return ready().server
    },
    get browser() {
      return ready().browser
    },
    openPage: async (contextOptions) => {
      const { server, browser } = ready()
      const watched = await openPage(browser, server.url, contextOptions)
      openPages.push(watched)
      return watched
    },
  }
}

/** axe-core finds nothing on the page as it is now. */
export async function expectAccessible(page: Page) {
  const violations = await axeViolations(page)
  expect(violations, describeViolations(violations)).toEqual([])
}
