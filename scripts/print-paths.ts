// Prints the paths of the models QA walks (tests/model/*.model.ts), with how much of each model
// they cover, and writes them as JSON and Markdown under .tmp/paths/:
//   npm run test:paths -- [--model=<a name of MODELS>] [--simple] [--coverage] [--report]
// --simple adds every simple path; --coverage runs the model's paths in jsdom first and adds
// what they took of the real machines; --report also writes one HTML page for QA, with the
// real machines' transitions the last jsdom runs recorded and Stryker's last mutation score.
// With --coverage and no --model, it fails when the paths of every model together take less
// than REACHABLE_FLOOR of a real machine's reachable transitions.
// README, "Testing from the models".
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { modelCoverage, percent } from '../tests/model/coverage'
import { MODELS } from '../tests/model/models'
import { coveringPaths, formatPath } from '../tests/model/paths'
import { renderPathsReport } from '../tests/model/paths-report-page'
import { parseMutationReport, pathsReport } from '../tests/model/paths-report'
import { REACHABLE_FLOOR, realCoverage } from '../tests/model/real-machines'
import { figure, formatModelCoverage, formatRealCoverage } from '../tests/model/report'

const OUT = path.resolve('.tmp/paths')
const args = process.argv.slice(2)
const chosen = args.find((arg) => arg.startsWith('--model='))?.slice('--model='.length)
const withSimple = args.includes('--simple')
const withCoverage = args.includes('--coverage')
const withReport = args.includes('--report')
const REPORT = path.resolve('.tmp/paths-report/index.html')
const MUTATION = path.resolve('.tmp/mutants/mutation.json')

const models = MODELS.filter(({ name }) => chosen === undefined || name === chosen)
if (models.length === 0) {
  console.error(`No model "${chosen}": choose ${MODELS.map(({ name }) => name).join(', ')}.`)
  process.exit(1)
}

const numbered = (lines: string[]) =>
  lines.map((line, index) => `${String(index + 1).padStart(3)}. ${line}`)

/** Runs the model's paths in jsdom; they leave the real machines' transitions in OUT. */
function recordRealTransitions(name: string): Record<string, string[]> {
  const file = `tests/model/${name}.model.test.tsx`
  console.log(`Running ${file} in jsdom to record the real machines' transitions…`)
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'unit', file], {
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  if (run.status !== 0) console.log(`(some paths failed: npx vitest run ${file})`)
  return JSON.parse(fs.readFileSync(path.join(OUT, `real-${name}.json`), 'utf8')) as Record<
    string,
    string[]
  >
}

/** What this run's jsdom runs took of each real machine, every model's together. */
const together = new Map<string, string[]>()

fs.mkdirSync(OUT, { recursive: true })
for (const { name, model, shortestPaths, simplePaths } of models) {
  const shortest = shortestPaths()
  const inChromium = new Set(coveringPaths(model, shortest))
  const simple = withSimple ? simplePaths() : []
  const coverage = modelCoverage(model, shortest)
  const real = withCoverage ? recordRealTransitions(name) : null
  for (const [id, keys] of Object.entries(real ?? {}))
    together.set(id, [...(together.get(id) ?? []), ...keys])

  const sections = [
    `# The ${name} model`,
    `## Shortest paths (${shortest.length}), each run in jsdom; * also in Chromium (${inChromium.size})`,
    numbered(shortest.map((p) => `${inChromium.has(p) ? '* ' : ''}${formatPath(p)}`)).join('\n'),
    ...(withSimple
      ? [`## Simple paths (${simple.length})`, numbered(simple.map(formatPath)).join('\n')]
      : []),
    '## Coverage by the shortest paths',
    formatModelCoverage(name, coverage),
    ...(real
      ? [`## Real machines, from these paths in jsdom`, formatRealCoverage(real)]
      : ['(Add --coverage to run the paths and see what they take of the real machines.)']),
  ]
  const markdown = `${sections.join('\n\n')}\n`
  console.log(markdown)
  fs.writeFileSync(path.join(OUT, `${name}.md`), markdown)
  fs.writeFileSync(
    path.join(OUT, `${name}.json`),
    `${JSON.stringify(
      {
        model: name,
        shortest: shortest.map(formatPath),
        chromium: [...inChromium].map(formatPath),
        simple: simple.map(formatPath),
        coverage,
        real,
      },
      null,
      2,
    )}\n`,
  )
  console.log(`Written: .tmp/paths/${name}.md and .tmp/paths/${name}.json\n`)
}

/** A JSON file's content and when it was written; null when there is none. */
function readJson(file: string): { at: Date; json: unknown } | null {
  if (!fs.existsSync(file)) return null
  return { at: fs.statSync(file).mtime, json: JSON.parse(fs.readFileSync(file, 'utf8')) }
}

if (withReport) {
  const mutation = readJson(MUTATION)
  const report = pathsReport({
    models,
    withSimple,
    real: models.map(({ name }) => {
      const recorded = readJson(path.join(OUT, `real-${name}.json`))
      return {
        model: name,
        run: recorded && {
          at: recorded.at,
          taken: recorded.json as Record<string, string[]>,
        },
      }
    }),
    mutation: mutation && { at: mutation.at, report: parseMutationReport(mutation.json) },
  })
  fs.mkdirSync(path.dirname(REPORT), { recursive: true })
  fs.writeFileSync(REPORT, renderPathsReport(report, new Date()))
  console.log(`Written: ${path.relative(process.cwd(), REPORT)}`)
}

// The real machines are walked by several models each: only all of them together answer for it.
if (withCoverage && chosen === undefined) {
  const taken = Object.fromEntries(together)
  console.log(
    `## Real machines, from every model's paths together\n\n${formatRealCoverage(taken)}\n`,
  )
  for (const [id, { reachable }] of Object.entries(realCoverage(taken))) {
    if (percent(reachable) >= REACHABLE_FLOOR) continue
    console.error(
      `The paths take ${figure(reachable)} of the ${id} machine's reachable transitions: under ${REACHABLE_FLOOR} %.`,
    )
    process.exitCode = 1
  }
}
