// What the model paths catch (issue 15): eight deliberate bugs, each put alone into a copy of
// the project (never this working tree), and the models' paths run in jsdom against it. Each
// mutant is reported caught, with the paths that failed, or SURVIVED; the result is also
// written to .tmp/paths/mutants.md. It informs and is not part of `npm test`:
//   npm run test:mutants [-- <mutant id>…]
// README, "Testing from the models".
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { stripVTControlCharacters } from 'node:util'

type Mutant = {
  id: string
  /** The bug, as the issue names it. */
  title: string
  file: string
  /** Source text that must occur exactly once in `file`; it is replaced by `replace`. */
  find: string
  replace: string
}

const MUTANTS: Mutant[] = [
  {
    id: 'flag-always-true',
    title: 'The Flag guard always true',
    file: 'machines/session/session.setup.ts',
    find: "isClientWithFlag: ({ context }) => context.role === 'CLIENT' && context.flag,",
    replace: "isClientWithFlag: ({ context }) => context.role === 'CLIENT',",
  },
  {
    id: 'waiting-list-toggle-dropped',
    title: 'The waiting-list toggle dropped',
    file: 'machines/session/signed-in.state.ts',
    find: "idle: { on: { 'waiting.toggled': 'saving', 'city.changed': 'moving' } },",
    replace: "idle: { on: { 'city.changed': 'moving' } },",
  },
  {
    id: 'logout-keeps-storage',
    title: 'Logout keeps storage',
    file: 'machines/session/session.machine.ts',
    find: [
      "        src: 'logout',",
      "        onDone: { target: 'loggedOut', actions: ['clearSession', 'clearStorage'] },",
      "        onError: { target: 'loggedOut', actions: ['clearSession', 'clearStorage'] },",
    ].join('\n'),
    replace: [
      "        src: 'logout',",
      "        onDone: { target: 'loggedOut', actions: ['clearSession'] },",
      "        onError: { target: 'loggedOut', actions: ['clearSession'] },",
    ].join('\n'),
  },
  {
    id: 'account-not-found-to-verify',
    title: 'ACCOUNT_NOT_FOUND goes to verify',
    file: 'machines/session/session.machine.ts',
    find: "target: 'loggedOut.needsAccount',",
    replace: "target: 'awaitingCode',",
  },
  {
    id: 'timed-refresh-removed',
    title: 'The timed refresh removed',
    file: 'machines/session/signed-in.state.ts',
    find: [
      '        fresh: {',
      '          after: {',
      "            untilRefresh: { target: 'refreshing', actions: 'endRecovery' },",
      '          },',
      '        },',
    ].join('\n'),
    replace: '        fresh: {},',
  },
  {
    id: 'admin-poll-never-repeats',
    title: 'The admin poll never repeats',
    file: 'machines/admin/admin.machine.ts',
    find: [
      '            waiting: {',
      "              after: { pollInterval: 'fetching' },",
      '            },',
    ].join('\n'),
    replace: '            waiting: {},',
  },
  {
    id: 'client-answers-not-applied',
    title: 'Client call answers not applied',
    file: 'machines/client/client.machine.ts',
    find: '      ...applyCallResult(context, params.result),\n',
    replace: '',
  },
  {
    id: 'portal-sign-out-keeps-code-form',
    title: "Signing out of the trade portal keeps the used code's form",
    file: 'machines/trade-portal/trade-portal.machine.ts',
    find: "onDone: { target: '#tradePortal.signedOut', actions: 'forgetSignIn' },",
    replace: "onDone: { target: '#tradePortal.signedOut' },",
  },
]

const MODEL_DIR = 'tests/model'
const MODEL_TESTS = fs
  .readdirSync(MODEL_DIR)
  .filter((name) => name.endsWith('.model.test.tsx'))
  .map((name) => `${MODEL_DIR}/${name}`)
const OUT = path.resolve('.tmp/paths')
const vitest = path.join(
  path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')),
  'vitest.mjs',
)

// Mutants named on the command line run in that order; none named, all of them.
const chosen = process.argv.slice(2)
const unknown = chosen.filter((id) => !MUTANTS.some((mutant) => mutant.id === id))
if (unknown.length > 0) {
  console.error(
    `No mutant ${unknown.join(', ')}: choose ${MUTANTS.map(({ id }) => id).join(', ')}.`,
  )
  process.exit(1)
}
const mutants = chosen.length
  ? MUTANTS.filter(({ id }) => chosen.includes(id)).sort(
      (a, b) => chosen.indexOf(a.id) - chosen.indexOf(b.id),
    )
  : MUTANTS

/** The mutated source; throws when the source changed and the mutant no longer fits it. */
function mutate(mutant: Mutant, source: string): string {
  const found = source.split(mutant.find).length - 1
  if (found !== 1) {
    throw new Error(
      `Mutant ${mutant.id}: its text occurs ${found} times in ${mutant.file}, not once; ` +
        `update it in scripts/mutants.ts to the source as it is now.`,
    )
  }
  return source.replace(mutant.find, () => mutant.replace)
}

/** The project's files as they are now, committed or not, in a temporary folder. */
function copyProject(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'poolpath-mutants-'))
  const files = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    { encoding: 'utf8' },
  )
  for (const file of files.split('\0')) {
    if (!file || !fs.existsSync(file)) continue
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    fs.copyFileSync(file, path.join(dir, file))
  }
  fs.symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'))
  return dir
}

type VitestReport = {
  testResults: {
    name: string
    status: string
    message?: string
    assertionResults: { title: string; status: string; failureMessages: string[] }[]
  }[]
}

/** A test that failed: `model: path`, and the first line of what it said. */
type Failure = { name: string; said: string }
type Run = { failed: Failure[]; total: number; minutes: number }

/** What a failed check said first: what it expected, without colours or the stack. */
const firstLine = (message = '') =>
  (stripVTControlCharacters(message).split('\n')[0] ?? '').slice(0, 200)

/** Runs every model's paths in jsdom in `dir`. */
function runPaths(dir: string): Run {
  const report = path.join(dir, 'vitest-report.json')
  const started = performance.now()
  const run = spawnSync(
    process.execPath,
    [
      vitest,
      'run',
      '--project',
      'unit',
      ...MODEL_TESTS,
      '--reporter=json',
      `--outputFile=${report}`,
    ],
    { cwd: dir, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  )
  const minutes = (performance.now() - started) / 60_000
  if (!fs.existsSync(report)) throw new Error(`Vitest wrote no report:\n${run.stderr}`)
  const { testResults } = JSON.parse(fs.readFileSync(report, 'utf8')) as VitestReport
  fs.rmSync(report)
  const broken = testResults.find(
    (file) => file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed'),
  )
  if (broken) throw new Error(`${broken.name} did not run:\n${broken.message ?? run.stderr}`)
  const tests = testResults.flatMap((file) =>
    file.assertionResults.map((test) => ({
      ...test,
      name: `${path.basename(file.name, '.model.test.tsx')}: ${test.title}`,
    })),
  )
  const failed = tests
    .filter((test) => test.status === 'failed')
    .map((test) => ({ name: test.name, said: firstLine(test.failureMessages[0]) }))
  return { failed, total: tests.length, minutes }
}

const verdict = ({ failed }: Run) =>
  failed.length > 0 ? `caught by ${failed.length} paths` : 'SURVIVED'
const listed = (failed: Failure[]) =>
  failed.map(({ name, said }) => `- ${name}\n  — ${said}`).join('\n')
const code = (text: string) => `\`${text.replace(/\s+/g, ' ').trim() || '(nothing)'}\``

type Result = { mutant: Mutant; run: Run }

/** The report so far; rewritten after every mutant, so a long run leaves what it found. */
function writeReport(baseline: Run, results: Result[]) {
  const minutes = [baseline, ...results.map(({ run }) => run)].reduce(
    (sum, run) => sum + run.minutes,
    0,
  )
  const markdown = [
    '# Mutants: what the model paths catch',
    `Each mutant is put alone into a copy of the project, and the ${baseline.total} tests of ` +
      `${MODEL_TESTS.join(', ')} run in jsdom against it (all pass without a mutant). ` +
      `${results.length} of ${mutants.length} mutants run, ${results.length + 1} runs in ` +
      `sequence, ${minutes.toFixed(1)} min.`,
    [
      '| mutant | file | result | time |',
      '|---|---|---|---|',
      ...results.map(
        ({ mutant, run }) =>
          `| ${mutant.title} | ${mutant.file} | ${verdict(run)} | ${run.minutes.toFixed(1)} min |`,
      ),
    ].join('\n'),
    ...results.flatMap(({ mutant, run }) => [
      `## ${mutant.title} (${mutant.id})`,
      `${mutant.file}: ${code(mutant.find)} → ${code(mutant.replace)}`,
      run.failed.length > 0
        ? `${verdict(run)}:\n\n${listed(run.failed)}`
        : 'SURVIVED: every path passed.',
    ]),
  ].join('\n\n')
  fs.mkdirSync(OUT, { recursive: true })
  fs.writeFileSync(path.join(OUT, 'mutants.md'), `${markdown}\n`)
  return markdown
}

// Every mutant must still fit its source before minutes are spent on any run.
const sources = new Map(mutants.map((m) => [m.id, fs.readFileSync(m.file, 'utf8')]))
for (const mutant of mutants) mutate(mutant, sources.get(mutant.id) ?? '')

const dir = copyProject()
const results: Result[] = []
try {
  console.log(`Running ${MODEL_TESTS.join(', ')} in jsdom, first without a mutant…`)
  const baseline = runPaths(dir)
  console.log(`  ${baseline.total} tests, ${baseline.minutes.toFixed(1)} min`)
  if (baseline.failed.length > 0) {
    // Thrown, not exited: the copy is removed on the way out.
    throw new Error(`They fail without a mutant; fix these first:\n${listed(baseline.failed)}`)
  }
  for (const mutant of mutants) {
    const source = sources.get(mutant.id) ?? ''
    const target = path.join(dir, mutant.file)
    console.log(`${mutant.title} (${mutant.id})…`)
    fs.writeFileSync(target, mutate(mutant, source))
    const run = runPaths(dir)
    fs.writeFileSync(target, source)
    console.log(`  ${verdict(run)}, ${run.minutes.toFixed(1)} min`)
    results.push({ mutant, run })
    writeReport(baseline, results)
  }
  console.log(`\n${writeReport(baseline, results)}\n\nWritten: .tmp/paths/mutants.md`)
} finally {
  fs.rmSync(dir, { recursive: true, force: true })
}

const survivors = results.filter(({ run }) => run.failed.length === 0)
if (survivors.length > 0) {
  console.error(`Survived: ${survivors.map(({ mutant }) => mutant.id).join(', ')}`)
  process.exit(1)
}
