// `npm run test:mutants [-- contract|machines|repositories|repositories/<domain> …] [--force]
// [--one-worker]`: Stryker plants mutants in the contract, the machines and the server's
// repositories (a domain folder at a time), one group after the other, and runs the tests that
// cover each mutant. Incremental: each group's results are kept in reports/mutants/<group>.json
// (committed), so a run re-tests only the mutants in code or tests changed since; `--force`
// re-tests every mutant. It prints each folder's mutation score from those files, writes
// .tmp/mutants/mutation.json (the mutation-testing-report-schema, every folder) and
// .tmp/mutants/index.html, and exits 1 when a folder is below its threshold. Not in `npm test`.
// README, "Mutation testing".
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { Stryker } from '@stryker-mutator/core'

type Group = {
  name: string
  /** The folder whose score is checked; every mutated file is under it. */
  folder: string
  mutate: string[]
  /** The tests run against the folder's mutants, each in its Vitest project. */
  testFiles: string[]
  /** The lowest mutation score (killed and timed out, of all with a result) that passes. */
  threshold: number
}

const GROUPS: Group[] = [
  {
    name: 'contract',
    folder: 'contract/',
    // docs.ts is the OpenAPI document's prose (each call's summary and description): a changed
    // sentence there is not a bug, and tests/server/openapi.test.ts checks the document.
    mutate: ['contract/**/*.ts', '!contract/routes/docs.ts'],
    testFiles: ['tests/contract/**/*.test.ts', 'tests/machines/**/*.test.ts'],
    threshold: 85,
  },
  {
    name: 'machines',
    folder: 'machines/',
    mutate: ['machines/**/*.ts'],
    testFiles: ['tests/machines/**/*.test.ts'],
    threshold: 85,
  },
  ...repositoryGroups(),
]

/**
 * The server's repositories, one group per domain folder, each against the test files about that
 * domain: a group's first run is a Vitest run of its test files (for each test's coverage), then
 * each mutant against the tests that ran its line, so the whole folder in one group was hours
 * before its first result was kept. A test file of another domain that happens to run a line
 * would catch more: a mutant no listed test runs counts as missed, so a domain's score is what
 * its own tests catch. The server's other files (routes, plugins, lib) are not mutated here.
 */
function repositoryGroups(): Group[] {
  // Each domain's test files in tests/server/, without `.test.ts`.
  const tests: Record<string, string> = {
    accounts:
      'access codes refresh client-access change-city manager-sign-in admin-admins csrf-and-limits client-pool project-day admin-clients data-version',
    'admin-data': 'admin-fetch admin-clients data-version client-versions',
    bids: 'bid-requests bid-reminders payment-requests trade-bids trade-sign-in trade-upload levelling quote-trades',
    checklists: 'checklists',
    directory:
      'admin-cities admin-directory admin-requests client-requests tidy-city-names public project-day change-city',
    documents: 'files evidence file-store log-delete-races housekeeping',
    exports: 'exports waiver-forms calendar',
    messages: 'messages messages-email',
    money: 'money money-orders contracts waivers payment-requests',
    notifications: 'notifications mail insurance-reminders bid-reminders messages-email evidence',
    passport: 'passport passport-files',
    pool: 'client-pool client-quotes batched-writes batching one-query-at-a-time sample-data admin-pricing admin-audit quote-trades projects date-proposals',
    projects: 'projects manager-sign-in access-matrix',
    scope: 'scope-items levelling trade-bids',
    timeline: 'timeline date-proposals calendar project-day recurring-job',
    trades: 'trades insurance-reminders quote-trades',
  }
  return Object.entries(tests).map(([domain, files]) => ({
    name: `repositories/${domain}`,
    folder: `server/plugins/app/${domain}/`,
    mutate: [`server/plugins/app/${domain}/**/*.ts`],
    testFiles: files.split(' ').map((file) => `tests/server/${file}.test.ts`),
    threshold: 70,
  }))
}

const OUT = '.tmp/mutants'
const args = process.argv.slice(2)
const force = args.includes('--force')
// Two cores, shared: one worker per core at most, or one when another run needs the other.
const concurrency = args.includes('--one-worker') ? 1 : 2
const named = args.filter((arg) => !arg.startsWith('--'))
/** `repositories` names every `repositories/<domain>` group; a group's full name names it alone. */
const names = (name: string, group: Group) =>
  group.name === name || group.name.startsWith(`${name}/`)
const unknown = named.filter((name) => !GROUPS.some((group) => names(name, group)))
if (unknown.length > 0) {
  console.error(
    `No folder ${unknown.join(', ')}: choose contract, machines, repositories or one of ${GROUPS.map((g) => g.name).join(', ')}.`,
  )
  process.exit(1)
}
const groups = named.length
  ? GROUPS.filter((group) => named.some((name) => names(name, group)))
  : GROUPS

type Mutant = { status: string }
type Report = {
  schemaVersion: string
  thresholds: { high: number; low: number }
  files: Record<string, { language: string; source: string; mutants: Mutant[] }>
  [key: string]: unknown
}

const groupReport = (group: Group) => path.join(OUT, `${group.name}.json`)
/** A group's last results, committed: what the summary reads, so a fresh clone prints them too. */
const keptResults = (group: Group) => `reports/mutants/${group.name}.json`

const options = (group: Group): ConstructorParameters<typeof Stryker>[0] => ({
  testRunner: 'vitest',
  // vitest.config.ts's projects: the test files pick theirs (`unit` or `server:pglite`).
  vitest: { configFile: 'vitest.config.ts', related: false },
  coverageAnalysis: 'perTest',
  // A mutant run only while a module loads (a constant table, a schema) needs every test file
  // reloaded: hours for the contract's 1,000 such mutants. They count as ignored, not caught.
  ignoreStatic: true,
  mutate: group.mutate,
  testFiles: group.testFiles,
  incremental: true,
  incrementalFile: keptResults(group),
  force,
  concurrency,
  timeoutMS: 10_000,
  tempDirName: path.join(OUT, `sandbox-${group.name.replace('/', '-')}`),
  ignorePatterns: ['.tmp', 'dist', 'data', 'reports'],
  reporters: ['json', 'progress-append-only'],
  jsonReporter: { fileName: groupReport(group) },
  thresholds: { high: 90, low: group.threshold, break: null },
})

const detected = new Set(['Killed', 'Timeout'])
const undetected = new Set(['Survived', 'NoCoverage'])

/** Caught (killed or timed out) as a percentage of caught and missed (survived or not covered). */
function score(report: Report, folder: string) {
  const mutants = Object.entries(report.files)
    .filter(([file]) => file.startsWith(folder))
    .flatMap(([, file]) => file.mutants)
  const caught = mutants.filter(({ status }) => detected.has(status)).length
  const missed = mutants.filter(({ status }) => undetected.has(status)).length
  return { caught, missed, score: caught + missed ? (100 * caught) / (caught + missed) : 100 }
}

/**
 * Drops the "covered by no test" results from the group's incremental file, so that Stryker plans
 * those mutants again. It would keep them as long as their code is unchanged, even once a test
 * loads their module (a static mutant is then ignored) or runs their code (then tested). Planning
 * one that is still not covered costs nothing: no test runs.
 */
function forgetUncovered(group: Group) {
  const file = keptResults(group)
  if (!fs.existsSync(file)) return
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as Report
  for (const entry of Object.values(report.files)) {
    entry.mutants = entry.mutants.filter(({ status }) => status !== 'NoCoverage')
  }
  fs.writeFileSync(file, JSON.stringify(report, null, 2))
}

const timings = new Map<string, number>()
for (const group of groups) {
  console.log(`\nMutants in ${group.folder}${force ? ' (every one)' : ''}…`)
  forgetUncovered(group)
  const started = performance.now()
  await new Stryker(options(group)).runMutationTest()
  timings.set(group.name, (performance.now() - started) / 60_000)
}

// Every folder's latest report, this run's or an earlier one's, into one.
const reports = GROUPS.filter((group) => fs.existsSync(keptResults(group))).map(
  (group) => JSON.parse(fs.readFileSync(keptResults(group), 'utf8')) as Report,
)
const [first] = reports
if (!first) throw new Error('Stryker wrote no report.')
const merged: Report = {
  ...first,
  files: Object.assign({}, ...reports.map(({ files }) => files)),
}
fs.writeFileSync(path.join(OUT, 'mutation.json'), JSON.stringify(merged))

// Stryker's own HTML report is one page per run; this one shows every folder.
const elements = fs.readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@stryker-mutator/core')).resolve(
    'mutation-testing-elements/dist/mutation-test-elements.js',
  ),
  'utf8',
)
const html = `<!DOCTYPE html>
<html>
<head><meta charset="utf-8"><title>PoolPath: mutants</title><script>${elements}</script></head>
<body>
<mutation-test-report-app titlePostfix="PoolPath"></mutation-test-report-app>
<script>
document.querySelector('mutation-test-report-app').report = ${JSON.stringify(merged).replace(/</g, '\\u003c')}
</script>
</body>
</html>
`
fs.writeFileSync(path.join(OUT, 'index.html'), html)

type Row = {
  folder: string
  threshold: number
  result?: ReturnType<typeof score>
  minutes?: number
}

// A folder with no report yet (only other folders named so far) is listed, not checked.
const rows: Row[] = GROUPS.map((group) => ({
  folder: group.folder,
  threshold: group.threshold,
  result: fs.existsSync(keptResults(group)) ? score(merged, group.folder) : undefined,
  minutes: timings.get(group.name),
}))
// The repositories' domains together, over those with a report.
const domains = GROUPS.filter(({ name }) => name.startsWith('repositories/'))
const domainsRun = domains.filter((group) => fs.existsSync(keptResults(group)))
const domainMinutes = domains.flatMap(({ name }) => timings.get(name) ?? [])
if (domainsRun.length > 0) {
  rows.push({
    folder: `server/plugins/app/ (${domainsRun.length} of ${domains.length} domains)`,
    threshold: 70,
    result: score(merged, 'server/plugins/app/'),
    minutes: domainMinutes.length ? domainMinutes.reduce((sum, spent) => sum + spent) : undefined,
  })
}
console.log(
  [
    '\n| folder | score | threshold | caught | missed | this run |',
    '|---|---|---|---|---|---|',
    ...rows
      .map(({ folder, threshold, result, minutes }) =>
        [
          folder,
          result ? `${result.score.toFixed(1)} %` : 'not run yet',
          `${threshold} %`,
          result?.caught ?? '—',
          result?.missed ?? '—',
          minutes === undefined ? '—' : `${minutes.toFixed(1)} min`,
        ].join(' | '),
      )
      .map((row) => `| ${row} |`),
  ].join('\n'),
)
console.log(`\nWritten: ${OUT}/mutation.json, ${OUT}/index.html`)
const failed = rows.filter(({ threshold, result }) => result && result.score < threshold)
if (failed.length > 0) {
  console.error(`Below the threshold: ${failed.map(({ folder }) => folder).join(', ')}`)
  process.exit(1)
}
