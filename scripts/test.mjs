// `npm test`: lint, typecheck and build, then every Vitest project. Arguments go to Vitest,
// e.g. `npm test -- --project e2e` or `npm test -- --reporter=json --outputFile.json=out.json`.
//
// With no argument that picks tests, two Vitest runs share the two cores, each one file at a
// time: the browser tests (each starts a server and Chromium) and the unit tests in one, the
// server tests on both databases in the other. Their results are merged into one report at the
// end.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

const require = createRequire(import.meta.url)
const vitest = path.join(path.dirname(require.resolve('vitest/package.json')), 'vitest.mjs')
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
const TMP = '.tmp'
const BLOBS = path.join(TMP, 'vitest-blobs')

function runOrExit(command, args) {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  })
  if (result.error) {
    console.error(`Could not run ${command} ${args.join(' ')}: ${result.error.message}`)
    process.exit(1)
  }
  if (result.status !== 0) process.exit(result.status ?? 1)
}

/** Splits Vitest's arguments into the reporters' (kept for the merged report) and the rest. */
function splitArguments(args) {
  const reporting = []
  const choosing = []
  const isReporterFlag = (arg) => /^--(reporter|outputFile)(\.|=|$)/.test(arg)
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]
    if (!isReporterFlag(arg)) choosing.push(arg)
    else if (arg.includes('=') || i + 1 >= args.length) reporting.push(arg)
    else reporting.push(arg, args[++i])
  }
  return { reporting, choosing }
}

/** One Vitest run of some projects, its console output to a log, its results to a blob. */
function stream(name, projects) {
  const log = path.join(TMP, `vitest-${name}.log`)
  const out = fs.openSync(log, 'w')
  const started = Date.now()
  const child = spawn(
    process.execPath,
    [
      vitest,
      'run',
      ...projects.flatMap((project) => ['--project', project]),
      '--reporter=default',
      '--reporter=blob',
      `--outputFile.blob=${path.join(BLOBS, `${name}.json`)}`,
    ],
    { stdio: ['ignore', out, out] },
  )
  console.log(`${name}: running ${projects.join(', ')} (output in ${log})`)
  return new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`${name}: could not start Vitest: ${error.message}`)
      resolve(1)
    })
    child.on('exit', (code, signal) => {
      const minutes = ((Date.now() - started) / 60_000).toFixed(1)
      console.log(`${name}: finished in ${minutes} min (${signal ?? `exit ${code}`})`)
      resolve(code ?? 1)
    })
  })
}

const { reporting, choosing } = splitArguments(process.argv.slice(2))

runOrExit(npm, ['run', 'lint'])
runOrExit(npm, ['run', 'typecheck'])
runOrExit(npm, ['run', 'build'])

if (choosing.length > 0) {
  runOrExit(process.execPath, [vitest, 'run', ...choosing, ...reporting])
  process.exit(0)
}

fs.rmSync(BLOBS, { recursive: true, force: true })
fs.mkdirSync(BLOBS, { recursive: true })
const servers = ['server:pglite', ...(process.env.TEST_DATABASE_URL ? ['server:postgres'] : [])]
const STREAMS = [
  ['browser-unit', ['e2e', 'unit']],
  ['server', servers],
]
const codes = await Promise.all(STREAMS.map(([name, projects]) => stream(name, projects)))

const blobs = fs.readdirSync(BLOBS)
if (blobs.length < STREAMS.length) {
  for (const [name] of STREAMS) {
    if (!blobs.includes(`${name}.json`)) {
      console.error(`${name} wrote no results; its output:\n`)
      console.error(fs.readFileSync(path.join(TMP, `vitest-${name}.log`), 'utf8'))
    }
  }
}
const merged = spawnSync(process.execPath, [vitest, '--merge-reports', BLOBS, ...reporting], {
  stdio: 'inherit',
})
const failed =
  merged.status !== 0 || codes.some((code) => code !== 0) || blobs.length < STREAMS.length
process.exit(failed ? 1 : 0)
