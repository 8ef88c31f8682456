// Lighthouse on the signed-in Overview (issue target >= 90): a client of the bench city with a
// saved design signs in in Chromium as a homeowner does (the code from the outbox, Remember
// me); Lighthouse then loads /builder/overview in that same browser, the session in its
// storage, and the HTTP cache emptied before each run: what a remembered owner's visit costs.
import fs from 'node:fs/promises'
import path from 'node:path'
import { chromium, type BrowserContext } from 'playwright-core'
import { REFERENCE_POOL } from '../../contract/estimator'
import { call } from './client-calls'
import {
  runLighthouse,
  SIGNED_IN_TARGET_SCORE,
  type LighthousePage,
  type LighthouseResult,
} from './lighthouse'
import { freePort, type Server } from './processes'
import { signUp, typeMailedCode } from './sessions'

const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const OWNER = 'first-paint@example.com'
const SIGN_IN_TIMEOUT_MS = 30_000

export const OVERVIEW_PAGE: LighthousePage = {
  how:
    'signed in (a client with a saved design, Remember me), in the browser that signed in, ' +
    'its storage kept and its HTTP cache emptied before each run',
  target: SIGNED_IN_TARGET_SCORE,
}

/** The owner signs in through /login and /verify, and the builder shows. */
async function signInInBrowser(context: BrowserContext, origin: string, outboxDir: string) {
  const page = await context.newPage()
  page.setDefaultTimeout(SIGN_IN_TIMEOUT_MS)
  await page.goto(`${origin}/login`)
  await typeMailedCode(page, outboxDir, OWNER)
  await page.getByRole('checkbox', { name: 'Remember me' }).check()
  await page.getByRole('button', { name: 'Verify' }).click()
  await page.getByRole('heading', { level: 1, name: 'Pool Design' }).waitFor()
  return page
}

/**
 * Lighthouse's runs on the signed-in Overview. The bench city must be served already; never
 * throws, like the /login runs.
 */
export async function overviewLighthouse(
  real: Server,
  outboxDir: string,
  workDir: string,
  progress: (line: string) => void,
): Promise<{ url: string; result: LighthouseResult }> {
  const url = `${real.origin}/builder/overview`
  const profile = path.join(workDir, 'signed-in-profile')
  let context: BrowserContext | null = null
  try {
    progress(`signing ${OWNER} up, saving a design, and signing in in Chromium`)
    const owner = await signUp(real.origin, outboxDir, OWNER)
    await call(real.origin, 'PUT', '/api/edit-pool', owner.token, {
      Title: 'Pool Design',
      choices: REFERENCE_POOL,
    })
    const port = await freePort()
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROME,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', `--remote-debugging-port=${port}`],
    })
    const page = await signInInBrowser(context, real.origin, outboxDir)
    const devtools = await context.newCDPSession(page)
    const result = await runLighthouse(url, workDir, progress, {
      port,
      beforeRun: async () => {
        await devtools.send('Network.clearBrowserCache')
      },
    })
    return { url, result }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return { url, result: { ok: false, reason: message.split('\n').slice(0, 6).join('\n') } }
  } finally {
    await context?.close()
    await fs.rm(profile, { recursive: true, force: true })
  }
}
