// The Lighthouse half of `npm run bench`: performance (mobile, Lighthouse's default config) of
// /login and of the signed-in Overview on the real server, with the system Chromium. Lighthouse
// runs as its own CLI process: for /login it launches and closes Chromium itself, and its weight
// stays out of the bench process; for the Overview it drives a Chromium already signed in.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { z } from 'zod'
import { loadAverage } from './header'
import { root } from './processes'
import { textTable } from './text-table'

/** The targets: a Lighthouse performance score (mobile) of at least 95 on /login… */
export const TARGET_SCORE = 95
/** …and of at least 90 on the signed-in Overview. */
export const SIGNED_IN_TARGET_SCORE = 90

// Lighthouse's own advice: scores vary from run to run, so report the median of several.
const RUNS = 3
// Lighthouse's trace sometimes misses the navigation's start ("NO_NAVSTART"): that run is tried
// again, once, rather than losing the page's figure.
const TRACE_ERRORS = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_TRACING_STARTED'])
/** The median run's full report is kept here, to open in Lighthouse's viewer. */
const REPORTS_DIR = path.join(root, '.tmp', 'lighthouse')
const RUN_TIMEOUT_MS = 120_000
const DEFAULT_CHROME = '/usr/bin/chromium'
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
const METRICS = [
  { id: 'first-contentful-paint', label: 'FCP' },
  { id: 'largest-contentful-paint', label: 'LCP' },
  { id: 'total-blocking-time', label: 'TBT' },
  { id: 'cumulative-layout-shift', label: 'CLS' },
  { id: 'speed-index', label: 'SI' },
] as const

const lighthouseCli = path.join(root, 'node_modules', 'lighthouse', 'cli', 'index.js')
const run = promisify(execFile)
// Aborted when the bench stops early, so no Lighthouse (nor its Chromium) outlives it.
const stopping = new AbortController()

/** Interrupts a running Lighthouse; safe to call at any time, and more than once. */
export function stopLighthouse(): void {
  stopping.abort()
}

// Only what the bench reads of Lighthouse's JSON report (LHR).
const Report = z.object({
  lighthouseVersion: z.string(),
  runtimeError: z.object({ code: z.string(), message: z.string() }).optional(),
  categories: z.object({ performance: z.object({ score: z.number().nullable() }) }),
  audits: z.record(
    z.string(),
    // `details` differs from audit to audit: read only where its shape is known.
    z.object({ displayValue: z.string().optional(), details: z.unknown().optional() }),
  ),
})
type Report = z.infer<typeof Report>

const NetworkRequests = z.object({
  items: z.array(
    z.object({
      resourceType: z.string().optional(),
      transferSize: z.number().optional(),
      resourceSize: z.number().optional(),
    }),
  ),
})

export type LighthouseResult =
  { ok: true; version: string; runs: Report[]; median: Report } | { ok: false; reason: string }

function chromePath(): string | undefined {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH
  // Unset, Lighthouse's launcher looks for an installed Chrome itself.
  return fs.existsSync(DEFAULT_CHROME) ? DEFAULT_CHROME : undefined
}

/**
 * A Chromium Lighthouse does not launch: it opens its page in this one (on its DevTools `port`)
 * and keeps the profile's storage, where the session is; `beforeRun` empties the HTTP cache.
 */
export type SignedInBrowser = { port: number; beforeRun: () => Promise<void> }

async function runOnce(
  url: string,
  outputPath: string,
  browser?: SignedInBrowser,
): Promise<Report> {
  const chrome = chromePath()
  await browser?.beforeRun()
  const where = browser
    ? [`--port=${browser.port}`, '--disable-storage-reset']
    : [`--chrome-flags=${CHROME_FLAGS.join(' ')}`]
  await run(
    process.execPath,
    [
      lighthouseCli,
      url,
      '--only-categories=performance',
      '--output=json',
      `--output-path=${outputPath}`,
      ...where,
      '--quiet',
    ],
    {
      cwd: root,
      env: { ...process.env, ...(chrome ? { CHROME_PATH: chrome } : {}) },
      timeout: RUN_TIMEOUT_MS,
      signal: stopping.signal,
      // SIGINT lets Lighthouse close the Chromium it launched.
      killSignal: 'SIGINT',
    },
  )
  const report = Report.parse(JSON.parse(await fs.promises.readFile(outputPath, 'utf8')))
  if (report.runtimeError) {
    throw new Error(`${report.runtimeError.code}: ${report.runtimeError.message}`)
  }
  return report
}

const scoreOf = (report: Report) => Math.round((report.categories.performance.score ?? 0) * 100)

/**
 * RUNS runs of Lighthouse on `url`, in `browser` when given; never throws: a bench without
 * Chromium still reports.
 */
export async function runLighthouse(
  url: string,
  workDir: string,
  progress: (line: string) => void,
  browser?: SignedInBrowser,
): Promise<LighthouseResult> {
  if (!fs.existsSync(lighthouseCli)) return { ok: false, reason: 'lighthouse is not installed' }
  const runs: Report[] = []
  try {
    for (let i = 1; i <= RUNS; i++) {
      progress(`Lighthouse run ${i}/${RUNS} on ${url}`)
      const name = `lighthouse-${browser ? 'signed-in-' : ''}${i}.json`
      const output = path.join(workDir, name)
      runs.push(
        await runOnce(url, output, browser).catch((error: unknown) => {
          // The CLI exits with the code in its message, or writes it in the report.
          const code = /\b(NO_[A-Z_]+)\b/.exec(error instanceof Error ? error.message : '')?.[1]
          if (!code || !TRACE_ERRORS.has(code)) throw error
          progress(`Lighthouse run ${i}/${RUNS}: ${code}, running it again`)
          return runOnce(url, output, browser)
        }),
      )
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return { ok: false, reason: message.split('\n').slice(0, 6).join('\n') }
  }
  const sorted = [...runs].sort((a, b) => scoreOf(a) - scoreOf(b))
  const median = sorted[Math.floor(sorted.length / 2)]
  const first = runs[0]
  if (!median || !first) return { ok: false, reason: 'no Lighthouse run completed' }
  const kept = path.join(REPORTS_DIR, `${browser ? 'signed-in' : 'login'}.json`)
  await fs.promises.mkdir(REPORTS_DIR, { recursive: true })
  await fs.promises.writeFile(kept, JSON.stringify(median))
  return { ok: true, version: first.lighthouseVersion, runs, median }
}

/** The scripts Chromium fetched while loading the page: no interaction, so the landing JS. */
function scriptsOf(report: Report) {
  const requests = NetworkRequests.safeParse(report.audits['network-requests']?.details)
  const items = requests.success ? requests.data.items : []
  const scripts = items.filter((request) => request.resourceType === 'Script')
  const sum = (pick: (r: (typeof scripts)[number]) => number | undefined) =>
    scripts.reduce((total, r) => total + (pick(r) ?? 0), 0)
  return {
    count: scripts.length,
    transferred: sum((r) => r.transferSize),
    decoded: sum((r) => r.resourceSize),
  }
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1)

/** What a section says of its page: how it was loaded, and the score it aims at. */
export type LighthousePage = { how: string; target: number }

export const LOGIN_PAGE: LighthousePage = {
  how: 'on the PoolPath server, fresh profile each',
  target: TARGET_SCORE,
}

export function lighthouseSection(
  url: string,
  result: LighthouseResult,
  page: LighthousePage = LOGIN_PAGE,
): string {
  if (!result.ok) {
    return `Lighthouse: not run: ${result.reason}\nVerdict: FAIL: no Lighthouse score (target >= ${page.target})`
  }
  const { runs, median } = result
  const rows = [
    ['run', 'score', ...METRICS.map((m) => m.label)],
    ...runs.map((report, i) => [
      `${i + 1}${report === median ? ' (median)' : ''}`,
      String(scoreOf(report)),
      ...METRICS.map((m) => report.audits[m.id]?.displayValue ?? '?'),
    ]),
  ]
  const scripts = scriptsOf(median)
  const compression = median.audits['uses-text-compression']?.displayValue
  const score = scoreOf(median)
  return [
    `Lighthouse ${result.version}, performance only, default config (mobile: simulated slow 4G, ` +
      `4x CPU slowdown), ${url} ${page.how}, ${RUNS} runs`,
    textTable(rows),
    '',
    `Scripts Chromium fetched for ${new URL(url).pathname} (median run): ${scripts.count}, ` +
      `${kB(scripts.decoded)} kB decoded, ${kB(scripts.transferred)} kB transferred` +
      (compression ? `; Lighthouse's text compression audit: ${compression}` : ''),
    `Verdict: ${score >= page.target ? 'PASS' : 'FAIL'}: performance ${score} ` +
      `(median of ${RUNS}; target >= ${page.target}; ${loadAverage()})`,
  ].join('\n')
}
