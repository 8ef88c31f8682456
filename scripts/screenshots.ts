// npm run screenshots: every screen of the app at 1280×800 and 390×844, as PNGs in
// docs/screenshots/ with an index (docs/screenshots/README.md). It builds the app when a source
// is newer than the build, starts the real server on a fresh database with the sample data, and
// drives Chromium through the same people and project as the every-route test.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { DESKTOP, launchBrowser, PHONE } from '../tests/e2e/support/browser'
import { startServer } from '../tests/e2e/support/server'
import { cast, PROJECT, screens, show, type Screen } from '../tests/e2e/support/tour'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const OUT = path.join(ROOT, 'docs', 'screenshots')
const SOURCES = ['index.html', 'vite.config.ts', 'package.json', 'src', 'contract', 'public']
const WIDTHS = [
  { name: 'desktop', viewport: DESKTOP },
  { name: 'phone', viewport: PHONE },
] as const

const newest = (file: string): number => {
  const stat = fs.statSync(file)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(0, ...fs.readdirSync(file).map((name) => newest(path.join(file, name))))
}

function buildIfNeeded() {
  const built = path.join(ROOT, 'dist', 'index.html')
  const sources = SOURCES.map((s) => path.join(ROOT, s)).filter((s) => fs.existsSync(s))
  if (fs.existsSync(built) && newest(built) >= Math.max(...sources.map(newest))) return
  console.log('Building the app…')
  execFileSync('npm', ['run', 'build', '--', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' })
}

const fileName = (screen: string, width: string) => `${screen}-${width}.png`

function writeIndex(shown: Screen[]) {
  const rows = shown.map(
    ({ name, path: route }) =>
      `| ${name} | \`${route.replace('$id', ':id')}\` | [desktop](${fileName(name, 'desktop')}) | [phone](${fileName(name, 'phone')}) |`,
  )
  const index = [
    '# Screenshots',
    '',
    'Every screen of PoolPath at 1280×800 (desktop) and 390×844 (phone), taken from the real app',
    'in Chromium: the sample data, a client in Austin with a saved design, quotes on three steps',
    '(one accepted, its step done, with photos, an inspection PDF, a daily log entry, a warranty and',
    'a lien waiver on its deposit) and requests for a builder and a manager, a client waiting in',
    'Boise, and the back office. Regenerate them with `npm run screenshots`.',
    '',
    '| screen | route | 1280×800 | 390×844 |',
    '|---|---|---|---|',
    ...rows,
    '',
  ]
  fs.writeFileSync(path.join(OUT, 'README.md'), index.join('\n'))
}

async function main() {
  buildIfNeeded()
  const server = await startServer({
    env: { SAMPLE_DATA: 'true', LOGIN_LIMIT_PER_EMAIL: '100' },
  })
  const browser = await launchBrowser()
  try {
    const { viewers, managerId } = await cast(server, browser).everyone(PROJECT)
    fs.rmSync(OUT, { recursive: true, force: true })
    fs.mkdirSync(OUT, { recursive: true })
    const all = screens(PROJECT)
    for (const screen of all) {
      const { page } = viewers[screen.viewer]
      for (const width of WIDTHS) {
        await page.setViewportSize(width.viewport)
        await show(page, screen, managerId)
        await page.screenshot({
          path: path.join(OUT, fileName(screen.name, width.name)),
          // A modal covers the window, not the page below it: shot as the window shows it.
          fullPage: !screen.open,
        })
      }
      console.log(`  ${screen.name}`)
    }
    writeIndex(all)
    const problems = Object.entries(viewers).flatMap(([viewer, p]) =>
      p.problems.map((problem) => `${viewer}: ${problem}`),
    )
    if (problems.length > 0) console.warn(`The pages reported:\n${problems.join('\n')}`)
    console.log(`${all.length * WIDTHS.length} screenshots in ${path.relative(ROOT, OUT)}/`)
  } finally {
    await browser.close()
    await server.stop()
  }
}

await main()
