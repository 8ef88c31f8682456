// `npm run bench`, three parts, each with its own table and verdict for the targets:
// 1. the landing route's JavaScript (gzip) against a bare React + TanStack Router + XState
//    build made in the same run (<= 1.3x), both built into a temp directory;
// 2. Lighthouse performance (mobile) of /login on the real server (>= 95);
// 3. autocannon against GET /api and POST /api/refresh of the real server and against a bare
//    Fastify route, each server in its own child process started the same way (GET /api >=
//    50 % of the bare route's req/s);
// 4. the builder's writes, PUT /api/edit-pool and PUT /api/add-quote, from 100 signed-in clients,
//    each against a bare route answering as many bytes (informative, no target);
// 5. the Timeline's read, GET /api/timeline, from the same 100 clients, each with a start date,
//    against a bare route answering as many bytes (informative, no target);
// 6. GET /api/admin/fetch on a seeded back office at each size (1,000 and 10,000 clients; more
//    with --sizes), each on a server of its own: the first answer, a rebuild after a change
//    (<= 200 ms at 10,000 clients on PostgreSQL, <= 400 ms on PGlite), and under load the kept
//    answer and the 304, against a bare route sending the same bytes (>= 50 %); then the
//    Clients section in Chromium (rows painted <= 300 ms, DOM under 5,000 elements, a search
//    keystroke and a sort <= 50 ms) against a bare 40-row table;
// 7. the scheduling module: a plan of the 13 steps in under 1 ms, against a floor (in-process);
// 8. money (issue 12): GET /api/money and POST /api/draws/:id/payments from the writers of 4, each
//    with a signed contract, against bare routes answering as many bytes (informative);
// 9. files (issue 13): uploads of a 2 MB JPEG (with variants) and a 2 MB PDF (none) in MB/s and
//    files/s against writing the same bytes to disk, and signed downloads against
//    @fastify/static serving the same file (informative).
// Every server runs on the database --db names: PGlite (a fresh DATA_DIR each) or PostgreSQL
// (BENCH_DATABASE_URL's server, a scratch database each, dropped at the end). The database's own
// floor, a one-row PK select and a one-row upsert transaction through the raw driver, is
// measured in the same run; the 304 and the writes are compared with it.
// A benchmark informs, it does not gate: the exit code is 0 whatever the verdicts, and
// non-zero only when the bench itself could not run. BENCH_SECONDS sets the measured seconds.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { z } from 'zod'
import { chromiumLines, measureClientsPage } from './bench/admin-chromium'
import { adminFetchNotes, adminFetchTargets, fetchAnswer } from './bench/admin-fetch'
import { seedAdminData, seededSummary } from './bench/admin-seed'
import { bundleSection, measureBundles, type BundleReport } from './bench/bundle'
import {
  clientWriteNotes,
  clientWriteTargets,
  prepareClientWrites,
  writesPerSecond,
  type ClientWrites,
} from './bench/client-writes'
import {
  clientTimelineNotes,
  clientTimelineTargets,
  prepareClientTimelines,
  type ClientTimelines,
} from './bench/client-timeline'
import { lighthouseSection, runLighthouse, stopLighthouse } from './bench/lighthouse'
import {
  diskRun,
  downloadTargets,
  filesNotes,
  removeUploads,
  samples,
  throughputTable,
  uploadRun,
  type Throughput,
} from './bench/files'
import { floorLines, measureFloors, ofFloor, type Floors } from './bench/floors'
import { measure, type Measured, type Target } from './bench/load'
import { benchOptions, type BenchOptions } from './bench/options'
import { moneyNotes, moneyTargets, prepareMoney, type MoneyCalls } from './bench/money'
import { killAllServersNow, root, stopAllServers, type Server } from './bench/processes'
import { RefreshSessions } from './bench/refresh-sessions'
import { clean, ratioToBare, table, TARGET_RATIO, verdict } from './bench/report'
import { ScratchDatabases } from './bench/scratch-db'
import { measurePlan, planSection } from './bench/schedule-plan'
import { BENCH_ADMIN_EMAIL, startBareServer, startRealServer, staticDirOf } from './bench/servers'
import { signUp } from './bench/sessions'
import type { BenchClient } from './bench/client-calls'

const WARM_UP_SECONDS = 2
const LOAD_CONNECTIONS = 100
const REFRESH_CONNECTIONS = 10

const progress = (line: string) => process.stderr.write(`[bench] ${line}\n`)

function benchSeconds(): number {
  const raw = process.env.BENCH_SECONDS
  if (raw === undefined || raw === '') return 10
  const seconds = Number(raw)
  if (!Number.isInteger(seconds) || seconds < 1) {
    throw new Error(`BENCH_SECONDS must be a whole number of seconds >= 1, got "${raw}"`)
  }
  return seconds
}

async function versionOf(pkg: string): Promise<string> {
  const file = path.join(root, 'node_modules', pkg, 'package.json')
  const { version } = z
    .object({ version: z.string() })
    .parse(JSON.parse(await fs.readFile(file, 'utf8')))
  return version
}

/** GET /api's body and ETag, so the bare route can send the same bytes and the 304 path be hit. */
async function stagesAnswer(real: Server) {
  const res = await fetch(`${real.origin}/api`)
  return { body: Buffer.from(await res.arrayBuffer()), etag: res.headers.get('etag') ?? '' }
}

async function signInSessions(real: Server, outboxDir: string): Promise<RefreshSessions> {
  progress(`signing up ${REFRESH_CONNECTIONS} clients for the refresh run`)
  const cookies: string[] = []
  for (let i = 1; i <= REFRESH_CONNECTIONS; i++) {
    const { cookie } = await signUp(real.origin, outboxDir, `bench-${i}@example.com`)
    cookies.push(cookie)
  }
  return new RefreshSessions(cookies)
}

function targetsOf(real: Server, bare: Server, sessions: RefreshSessions, etag: string) {
  const api: Target = {
    label: 'GET /api',
    origin: real.origin,
    path: '/api',
    connections: LOAD_CONNECTIONS,
  }
  const notModified: Target = {
    label: 'GET /api, If-None-Match (304)',
    origin: real.origin,
    path: '/api',
    connections: LOAD_CONNECTIONS,
    headers: { 'if-none-match': etag },
  }
  const bareRoute: Target = {
    label: 'GET /same/stages (bare Fastify)',
    origin: bare.origin,
    path: '/same/stages',
    connections: LOAD_CONNECTIONS,
  }
  const tinyBare: Target = {
    label: 'GET /bare {Data:[]} (bare Fastify)',
    origin: bare.origin,
    path: '/bare',
    connections: LOAD_CONNECTIONS,
  }
  const refresh: Target = {
    label: 'POST /api/refresh',
    origin: real.origin,
    path: '/api/refresh',
    connections: REFRESH_CONNECTIONS,
    request: () => sessions.request(),
    prepare: () => sessions.settle(real.origin),
  }
  return { api, notModified, bareRoute, tinyBare, refresh }
}

async function printHeader(): Promise<void> {
  const cpus = os.cpus()
  console.log(`PoolPath benchmark, ${new Date().toISOString()}`)
  console.log(
    `Node ${process.version} (${process.platform} ${process.arch}, ${cpus.length} CPUs: ${cpus[0]?.model ?? 'unknown'}); ` +
      `Vite ${await versionOf('vite')}; ${loadAverage()}`,
  )
}

/** Other work on the machine slows every row: the numbers are read against it. */
const loadAverage = () =>
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')}`

async function databaseName(options: BenchOptions): Promise<string> {
  if (options.db === 'pglite') {
    return `PGlite ${await versionOf('@electric-sql/pglite')} (fresh DATA_DIR, in the server process)`
  }
  return "PostgreSQL (a scratch database per server on BENCH_DATABASE_URL's server, pool of 10)"
}

async function printLoadHeader(seconds: number, options: BenchOptions): Promise<void> {
  console.log('')
  console.log(
    `Database: ${await databaseName(options)}; ` +
      `autocannon ${await versionOf('autocannon')} in the bench process, on the same machine`,
  )
  console.log(
    `Each target: ${WARM_UP_SECONDS} s warm-up (not counted), then ${seconds} s; pipelining 1; ` +
      'one target at a time',
  )
}

async function printResults(
  seconds: number,
  options: BenchOptions,
  rows: Measured[],
  bare: Measured,
  api: Measured,
  sessions: RefreshSessions,
  floors: Floors,
) {
  await printLoadHeader(seconds, options)
  console.log('')
  console.log(table(rows, () => bare))
  console.log('')
  console.log(
    `Connections: ${LOAD_CONNECTIONS} for GET /api and the bare route, ${REFRESH_CONNECTIONS} for ` +
      `POST /api/refresh (${REFRESH_CONNECTIONS} signed-in clients; each request sends one's current ` +
      'cookie and keeps the rotated one, a client never having two requests in flight).',
  )
  console.log(
    `Refresh sessions still valid after the runs: ${sessions.alive}/${REFRESH_CONNECTIONS}. ` +
      'Latencies and bytes/resp cover every answer, 304s and refusals included (autocannon ' +
      'counts them all).',
  )
  const refresh = rows.find((row) => row.target.path === '/api/refresh')
  if (refresh && refresh.result.non2xx > 0) {
    console.log(
      `WARNING: POST /api/refresh answered ${refresh.result.non2xx} non-2xx: sessions were refused, ` +
        'so its numbers do not measure a working refresh.',
    )
  }
  console.log(
    'The ratios compare with a bare Fastify route sending the same bytes as GET /api, so they ' +
      'measure what PoolPath adds per request (hooks, headers, cache), not the body size.',
  )
  console.log(verdict(api, bare))
  if (refresh) {
    console.log(`POST /api/refresh: ${ofFloor(refresh.result.requests.average, floors.upsert)}`)
  }
}

/**
 * The real server serves dist/, which the bench does not build: Lighthouse only runs when dist/
 * is the build measured above (same index.html, hence the same hashed assets).
 */
async function lighthouse(real: Server, bundles: BundleReport, workDir: string): Promise<void> {
  const url = `${real.origin}/login`
  const served = await fs.readFile(path.join(root, 'dist', 'index.html'), 'utf8').catch(() => null)
  const result =
    served === bundles.appIndexHtml
      ? await runLighthouse(url, workDir, progress)
      : {
          ok: false as const,
          reason:
            'dist/ (what the server serves) is missing or is not the build measured above; ' +
            'run `npm run build` first',
        }
  console.log('')
  console.log(lighthouseSection(url, result))
}

async function bench(
  workDir: string,
  options: BenchOptions,
  databases: ScratchDatabases,
): Promise<void> {
  const seconds = benchSeconds()
  const outboxDir = path.join(workDir, 'outbox')
  const durations = { warmUp: WARM_UP_SECONDS, run: seconds }
  await printHeader()
  const only = options.only ? ` --only ${options.only}` : ''
  console.log(`Options: --db ${options.db} --sizes ${options.sizes.join(',')}${only}`)
  if (options.only === 'admin-fetch') {
    const floors = await measureDatabaseFloor(options, databases, durations)
    for (const clients of options.sizes) {
      await adminFetch(workDir, databases, options, clients, adminDurations(seconds), floors)
    }
    return
  }
  if (options.only === 'writes') {
    await writesOnly(workDir, options, databases, durations)
    return
  }

  const bundles = await measureBundles(workDir, progress)
  console.log('')
  console.log(bundleSection(bundles))
  // In-process and CPU only: before any server takes the cores.
  progress('timing the scheduling module')
  console.log('')
  console.log(planSection(measurePlan()))
  const floors = await measureDatabaseFloor(options, databases, durations)

  progress('starting the PoolPath server')
  const real = await startRealServer((await databases.make('main')).env, outboxDir)
  // Before the load runs, on an idle server: the page load is what is measured.
  await lighthouse(real, bundles, workDir)
  const stages = await stagesAnswer(real)
  const sessions = await signInSessions(real, outboxDir)
  const writes = await prepareClientWrites(real, outboxDir, stages.body, progress)
  progress(`setting ${writes.clients.length} clients' start dates for the Timeline run`)
  const timelines = await prepareClientTimelines(real, writes.clients)
  const money = await prepareMoney(real, writes.clients, progress)
  progress('starting the bare Fastify server with the same bodies')
  const bare = await startBareServer(path.join(workDir, 'bare'), {
    stages: stages.body,
    ...writes.samples,
    timeline: timelines.sample,
    ...money.samples,
  })
  const targets = targetsOf(real, bare, sessions, stages.etag)

  // One after another: on a small machine two runs at once would share the cores.
  const api = await measure(targets.api, durations, progress)
  const notModified = await measure(targets.notModified, durations, progress)
  const bareRoute = await measure(targets.bareRoute, durations, progress)
  const tinyBare = await measure(targets.tinyBare, durations, progress)
  const refresh = await measure(targets.refresh, durations, progress)
  await sessions.settle(real.origin)

  await printResults(
    seconds,
    options,
    [api, notModified, refresh, bareRoute, tinyBare],
    bareRoute,
    api,
    sessions,
    floors,
  )
  await clientWrites(real, bare, writes, durations, floors)
  await clientTimelines(real, bare, timelines, durations)
  await moneyCalls(real, bare, money, durations)
  await filesBench(real, bare, writes.clients, workDir, durations)
  // Each seeded back office runs on a server of its own: free the cores and memory first.
  await stopAllServers()
  for (const clients of options.sizes) {
    await adminFetch(workDir, databases, options, clients, adminDurations(seconds), floors)
  }
}

async function measureDatabaseFloor(
  options: BenchOptions,
  databases: ScratchDatabases,
  durations: Durations,
): Promise<Floors> {
  progress(`measuring the database's floor (${options.db}, raw driver)`)
  const floors = await measureFloors(await databases.make('floor'), durations)
  console.log('')
  for (const line of floorLines(await databaseName(options), floors)) console.log(line)
  return floors
}

/** `--only writes`: the floor, the refresh run and the builder's writes, nothing else. */
async function writesOnly(
  workDir: string,
  options: BenchOptions,
  databases: ScratchDatabases,
  durations: Durations,
) {
  const outboxDir = path.join(workDir, 'outbox')
  const floors = await measureDatabaseFloor(options, databases, durations)
  progress('starting the PoolPath server')
  const real = await startRealServer((await databases.make('main')).env, outboxDir)
  const stages = await stagesAnswer(real)
  const sessions = await signInSessions(real, outboxDir)
  const writes = await prepareClientWrites(real, outboxDir, stages.body, progress)
  progress('starting the bare Fastify server with the same bodies')
  const bare = await startBareServer(path.join(workDir, 'bare'), {
    stages: stages.body,
    ...writes.samples,
  })
  const refresh = await measure(
    targetsOf(real, bare, sessions, stages.etag).refresh,
    durations,
    progress,
  )
  await sessions.settle(real.origin)
  await printLoadHeader(durations.run, options)
  console.log('')
  console.log(table([refresh], () => refresh))
  console.log(`POST /api/refresh: ${ofFloor(refresh.result.requests.average, floors.upsert)}`)
  await clientWrites(real, bare, writes, durations, floors)
}

/** Half the seconds of the other rows: the back office has six rows per size. */
const adminDurations = (seconds: number) => ({
  warmUp: 1,
  run: Math.max(3, Math.round(seconds / 2)),
})

type Durations = { warmUp: number; run: number }

async function filesBench(
  real: Server,
  bare: Server,
  clients: BenchClient[],
  workDir: string,
  durations: Durations,
) {
  progress('making a 2 MB photo and a 2 MB PDF for the upload runs')
  const { jpeg, pdf } = await samples()
  const rows: Throughput[] = []
  for (const [sample, label] of [
    [jpeg, 'POST /api/files, 2 MB JPEG (3 variants)'],
    [pdf, 'POST /api/files, 2 MB PDF (as it came)'],
  ] as const) {
    progress(`warming up ${label} for ${durations.warmUp} s`)
    await removeUploads(
      real,
      (await uploadRun(real, clients, sample, durations.warmUp, label)).stored,
    )
    progress(`measuring ${label} for ${durations.run} s`)
    const run = await uploadRun(real, clients, sample, durations.run, label)
    rows.push(run.throughput)
    await removeUploads(real, run.stored)
  }
  progress(`measuring the disk floor for ${durations.run} s`)
  const floor = await diskRun(path.join(workDir, 'disk-floor'), jpeg, durations.run)
  console.log('')
  console.log('Files (issue 13): uploads against writing the same bytes to disk')
  console.log('')
  console.log(throughputTable([...rows, floor], floor))
  const [photo] = (await uploadRun(real, clients.slice(0, 1), jpeg, 0.001, 'one photo')).stored
  if (!photo) throw new Error('the photo for the download runs was not uploaded')
  const original = Buffer.from(await (await fetch(`${real.origin}${photo.original}`)).arrayBuffer())
  await fs.writeFile(path.join(staticDirOf(path.join(workDir, 'bare')), 'photo.jpg'), original)
  const [signed, fromStatic] = downloadTargets(real, bare, photo.original)
  if (!signed || !fromStatic) throw new Error('no download targets')
  await pairedSection(
    'Files (issue 13): a signed download against @fastify/static',
    [[signed, fromStatic]],
    durations,
    () => filesNotes(jpeg, progress),
  )
}

/** Each row against its own bare route; the bare rows against themselves. */
function pairedTable(pairs: readonly (readonly [Measured, Measured])[]): string {
  const bareOf = new Map(pairs)
  return table(
    [...pairs.map(([row]) => row), ...pairs.map(([, bare]) => bare)],
    (row) => bareOf.get(row) ?? row,
  )
}

/** Each pair's real target, then each bare one, measured; one table under `title`, then notes. */
async function pairedSection(
  title: string,
  pairs: readonly (readonly [Target, Target])[],
  durations: Durations,
  notes: (rows: Measured[]) => string[],
) {
  const rows: Measured[] = []
  for (const [real] of pairs) rows.push(await measure(real, durations, progress))
  const bares: Measured[] = []
  for (const [, bare] of pairs) bares.push(await measure(bare, durations, progress))
  console.log('')
  console.log(title)
  console.log('')
  console.log(pairedTable(rows.flatMap((row, i) => (bares[i] ? [[row, bares[i]] as const] : []))))
  console.log('')
  for (const line of notes(rows)) console.log(line)
}

async function clientWrites(
  real: Server,
  bare: Server,
  writes: ClientWrites,
  durations: Durations,
  floors: Floors,
) {
  await pairedSection(
    'Builder writes (issue 4): PUT /api/edit-pool and PUT /api/add-quote',
    clientWriteTargets(real, bare, writes),
    durations,
    (rows) => [
      ...clientWriteNotes(writes, rows),
      ...rows.map(
        (row) =>
          `${row.target.label}: ${ofFloor(writesPerSecond(row), floors.upsert)}, ` +
          `p99 ${row.result.latency.p99} ms`,
      ),
    ],
  )
}

async function clientTimelines(
  real: Server,
  bare: Server,
  timelines: ClientTimelines,
  durations: Durations,
) {
  const targets = clientTimelineTargets(real, bare, timelines)
  await pairedSection(
    'Timeline (issue 11): GET /api/timeline',
    [[targets.timeline, targets.bareTimeline]],
    durations,
    (rows) => clientTimelineNotes(timelines, rows),
  )
}

async function moneyCalls(real: Server, bare: Server, money: MoneyCalls, durations: Durations) {
  const targets = moneyTargets(real, bare, money)
  const read = await measure(targets.money, durations, progress)
  const pay = await measure(targets.payment, durations, progress)
  const bareRead = await measure(targets.bareMoney, durations, progress)
  const barePay = await measure(targets.barePayment, durations, progress)
  console.log('')
  console.log('Money (issue 12): GET /api/money and POST /api/draws/:id/payments')
  console.log('')
  console.log(
    pairedTable([
      [read, bareRead],
      [pay, barePay],
    ]),
  )
  console.log('')
  for (const line of moneyNotes(money, [read, pay])) console.log(line)
}

/** One size of back office: seeded, served by a server of its own, measured, stopped. */
async function adminFetch(
  workDir: string,
  databases: ScratchDatabases,
  options: BenchOptions,
  clients: number,
  durations: Durations,
  floors: Floors,
) {
  const database = await databases.make(`admin-${clients}`)
  const outboxDir = path.join(workDir, `admin-${clients}-outbox`)
  progress(`seeding a back office of ${clients.toLocaleString('en-US')} clients`)
  const seeding = performance.now()
  await seedAdminData(database.options, BENCH_ADMIN_EMAIL, clients)
  const seedSeconds = (performance.now() - seeding) / 1000
  progress('starting a PoolPath server on it, then a bare Fastify server with its answer')
  const real = await startRealServer(database.env, outboxDir)
  const answer = await fetchAnswer(real, outboxDir)
  const bare = await startBareServer(path.join(workDir, `admin-${clients}-bare`), {
    'admin-fetch': answer.body,
    'admin-fetch.gz': answer.gzipped,
  })
  const targets = await adminFetchTargets(real, bare, answer)
  const cached = await measure(targets.cached, durations, progress)
  const cachedGzip = await measure(targets.cachedGzip, durations, progress)
  const notModified = await measure(targets.notModified, durations, progress)
  const bareCached = await measure(targets.bareCached, durations, progress)
  const bareGzip = await measure(targets.bareGzip, durations, progress)
  const bareNotModified = await measure(targets.bareNotModified, durations, progress)
  progress('opening the Clients section in Chromium')
  const chromium = await measureClientsPage(real, outboxDir, clients)
  await stopAllServers()
  console.log('')
  console.log(
    `Back office at ${clients.toLocaleString('en-US')} clients (issue 14): GET /api/admin/fetch`,
  )
  console.log('')
  console.log(
    `Seeded straight into a fresh database in ${seedSeconds.toFixed(1)} s, before its server ` +
      `started: ${seededSummary(clients)}. Each row: ${durations.warmUp} s warm-up, then ` +
      `${durations.run} s; ${loadAverage()}.`,
  )
  console.log('')
  console.log(
    pairedTable([
      [cached, bareCached],
      [cachedGzip, bareGzip],
      [notModified, bareNotModified],
    ]),
  )
  console.log('')
  for (const line of adminFetchNotes(answer, clients, options.db)) console.log(line)
  const share = (row: Measured, bareRow: Measured, what: string) => {
    const ratio = ratioToBare(row, bareRow)
    const outcome = ratio >= TARGET_RATIO && clean(row) ? 'PASS' : 'FAIL'
    return `Verdict: ${outcome}: ${what} served ${(ratio * 100).toFixed(1)} % of the bare route's req/s (target >= 50 %)`
  }
  console.log(share(cached, bareCached, 'the kept answer'))
  console.log(share(notModified, bareNotModified, 'the 304'))
  console.log(`The 304: ${ofFloor(notModified.result.requests.average, floors.select)}`)
  for (const line of chromiumLines(chromium, clients)) console.log(line)
}

async function cleanUp(workDir: string, databases: ScratchDatabases): Promise<void> {
  stopLighthouse()
  await stopAllServers()
  await databases.dropAll()
  await fs.rm(workDir, { recursive: true, force: true })
}

async function main(): Promise<void> {
  const options = benchOptions(process.argv.slice(2), process.env)
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'poolpath-bench-'))
  const databases = new ScratchDatabases(options, workDir)
  // Servers run in their own process group, so a signal to the bench must stop them itself.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      progress(`${signal}: stopping the servers`)
      void cleanUp(workDir, databases).finally(() =>
        process.exit(128 + os.constants.signals[signal]),
      )
    })
  }
  process.once('exit', () => {
    stopLighthouse()
    killAllServersNow()
  })
  try {
    await bench(workDir, options, databases)
  } finally {
    await cleanUp(workDir, databases)
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
