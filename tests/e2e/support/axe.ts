import { createRequire } from 'node:module'
import fs from 'node:fs'
import type { Page } from 'playwright-core'

const require = createRequire(import.meta.url)
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

export type AxeViolation = {
  id: string
  impact: string | null
  help: string
  targets: string[]
}

type AxeResults = {
  violations: {
    id: string
    impact?: string | null
    help: string
    nodes: { target: unknown[] }[]
  }[]
}

type AxeWindow = { axe?: { run: (context: Document, options: object) => Promise<AxeResults> } }

/**
 * Runs axe-core (WCAG 2.x A/AA and best practices) on the page as it is now.
 *
 * The source goes in through page.evaluate, not addScriptTag: the app's CSP
 * (`script-src 'self'`) blocks inline <script> tags, while DevTools evaluation is not subject
 * to CSP. So the page keeps its real policy and we never need `bypassCSP`, which would also
 * hide the very CSP violations the tests look for.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE)
  return page.evaluate(async () => {
    const axe = (window as unknown as AxeWindow).axe
    if (!axe) throw new Error('axe-core did not load')
    const results = await axe.run(document, { resultTypes: ['violations'] })
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      targets: v.nodes.map((n) => n.target.map(String).join(' ')),
    }))
  })
}

/** One readable line per violation, for assertion messages. */
export const describeViolations = (violations: AxeViolation[]) =>
  violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.targets.join(', ')}`).join('\n')
