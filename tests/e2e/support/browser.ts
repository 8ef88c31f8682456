import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core'

export const DESKTOP = { width: 1280, height: 800 }
export const PHONE = { width: 390, height: 844 }

/** Chromium from the system (Debian's `chromium` package), or CHROMIUM_PATH. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

export type WatchedPage = {
  page: Page
  /**
   * Console errors (CSP violations and failed loads are reported there) and uncaught page
   * errors, in the order they happened. A healthy page leaves this empty.
   */
  problems: string[]
  close: () => Promise<void>
}

/** A page in its own context (fresh cookies and storage) that records everything that goes wrong. */
export async function openPage(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP, ...options })
  const page = await context.newPage()
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  return { page, problems, close: () => context.close() }
}
