// `npm run bench`, three parts, each with its own table and verdict for the targets:
// 1. the landing route's JavaScript (gzip) against a bare React + TanStack Router + XState
//    build made in the same run (<= 1.3x), both built into a temp directory;
// 2. Lighthouse performance (mobile) of /login on the real server (>= 95), and of the signed-in
//    Overview (>= 90), each with the load average beside it; the builder chunk's weight against
//    the bare build; from Verify to the builder's first page on a throttled phone (<= 1 s)
//    (`--only first-paint`: these and nothing else);
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
//    keystroke and a sort <= 50 ms) against a bare 40-row table, and open while the data
//    arrives (rows <= 300 ms after the answer's last byte, the first search right after
//    <= 50 ms; `--sizes 10000,50000` for both of the sizes);
// 7. the scheduling module: a plan of the 13 steps in under 1 ms, against a floor (in-process);
// 8. money (issue 12): GET /api/money and POST /api/draws/:id/payments from the writers of 4, each
//    with a signed contract, against bare routes answering as many bytes (informative);
// 9. files (issue 13): uploads of a 2 MB JPEG (with variants) and a 2 MB PDF (none) in MB/s and
//    files/s against writing the same bytes to disk, and signed downloads against
//    @fastify/static serving the same file (informative);
// 10. the trade portal (§14): what a first visit to /t/{token} downloads, JS and CSS, against
//    /login's (<= 1.1x, and never the builder, the back office or Dexie), and GET /api/trade from
//    10 trade sessions against a bare route answering as many bytes and the PK-select floor;
// 11. lien-safe payments (§15): a statutory waiver and the schedule of values made as PDFs for a
//    project with 40 draws, in ms, against a bare route sending a stored PDF of the same size;
// 12. the pool passport (§17): passport.zip of 50 and of 500 stored files in MB/s, against the
//    same stored bytes streamed from disk (`--only passport`);
// 13. messages (§18): POST /api/threads/project/messages from the writers, each on its own
//    project's thread, against a bare route answering as many bytes and the upsert floor
//    (`--only messages`, from 50 owners);
// 14. a project's reads: GET /api/timeline, /api/money and /api/files from the 100 writers (each
//    with a dated plan, a signed contract and 3 documents) against the PK-select floor (>= 30 %),
//    their p99 from 50 (<= 100 ms on PostgreSQL) and their 304 against a bare 304 (>= 50 %),
//    then a step page's eight reads at once from each of them, as the browser sends them, first
//    visit and revalidated, against the same floor (>= 20 %) (`--only reads`);
// 15. a project's reads at 10,000 clients: the statements the server sends for each and their
//    EXPLAIN (ANALYZE, BUFFERS) plans, a Seq Scan on a table of project rows flagged
//    (`--only explain --db postgres`; not part of the full run).
// Every server runs on the database --db names: PGlite (a fresh DATA_DIR each) or PostgreSQL
// (BENCH_DATABASE_URL's server, a scratch database each, dropped at the end). The database's own
// floor, a one-row PK select and a one-row upsert transaction through the raw driver, is
// measured in the same run; the 304 and the writes are compared with it.
// A benchmark informs, it does not gate: the exit code is 0 whatever the verdicts, and
// non-zero only when the bench itself could not run. BENCH_SECONDS sets the measured seconds.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { adminFetch } from './bench/admin-size'
import { signInSessions, stagesAnswer, printResults, targetsOf } from './bench/api-rows'
import { bundleSection, measureBundles, type BundleReport } from './bench/bundle'
import { filesBench, moneySection, timelineSection, writesSection } from './bench/client-sections'
import { clientReadsBench } from './bench/client-reads'
import { prepareClientTimelines } from './bench/client-timeline'
import {
  FEWER_WRITERS,
  openBenchCity,
  prepareClientWrites,
  signUpClients,
  WRITE_CLIENTS,
} from './bench/client-writes'
import { floorLines, measureFloors, ofFloor, type Floors } from './bench/floors'
import { databaseName, printHeader, printLoadHeader } from './bench/header'
import { lighthouseSection, runLighthouse, stopLighthouse } from './bench/lighthouse'
import { afterVerify, afterVerifySection } from './bench/after-verify'
import { OVERVIEW_PAGE, overviewLighthouse } from './bench/signed-in-lighthouse'
import { exportsSection, prepareExports } from './bench/exports'
import { explainReads } from './bench/explain'
import { passportSection, preparePassports } from './bench/passport'
import { measure } from './bench/load'
import { messagesSection, prepareMessages } from './bench/messages'
import { prepareMoney } from './bench/money'
import { pairedSection } from './bench/paired'
import { measurePortal, portalSection } from './bench/portal-weight'
import { benchOptions, type BenchOptions } from './bench/options'
import { killAllServersNow, root, stopAllServers, type Server } from './bench/processes'
import { table } from './bench/report'
import {
  adminDurations,
  benchSeconds,
  progress,
  WARM_UP_SECONDS,
  type Durations,
} from './bench/run'
import { measurePlan, planSection } from './bench/schedule-plan'
import { ScratchDatabases } from './bench/scratch-db'
import { startBareServer, startRealServer } from './bench/servers'
import { prepareTradeReads, tradeSection } from './bench/trade-reads'

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

/** Lighthouse on the signed-in Overview, then the time after Verify, once the city is served. */
async function signedInLighthouse(real: Server, outboxDir: string, workDir: string) {
  const { url, result } = await overviewLighthouse(real, outboxDir, workDir, progress)
  console.log('')
  console.log(lighthouseSection(url, result, OVERVIEW_PAGE))
  console.log('')
  console.log(afterVerifySection(await afterVerify(real.origin, outboxDir, progress)))
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
  if (options.only === 'trades') {
    await tradesOnly(workDir, options, databases, durations)
    return
  }
  if (options.only === 'exports') {
    await exportsOnly(workDir, databases, durations)
    return
  }
  if (options.only === 'passport') {
    await passportOnly(workDir, databases, durations)
    return
  }
  if (options.only === 'messages') {
    await messagesOnly(workDir, options, databases, durations)
    return
  }
  if (options.only === 'reads') {
    await readsOnly(workDir, options, databases, durations)
    return
  }
  if (options.only === 'explain') {
    await explainReads(databases, workDir)
    return
  }
  if (options.only === 'first-paint') {
    await firstPaintOnly(workDir, databases)
    return
  }

  const bundles = await measureBundles(workDir, progress)
  console.log('')
  console.log(bundleSection(bundles))
  console.log('')
  console.log(portalSection(bundles.portal))
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
  // The city is served now; the load runs have not started.
  await signedInLighthouse(real, outboxDir, workDir)
  progress(`setting ${writes.clients.length} clients' start dates for the Timeline run`)
  const timelines = await prepareClientTimelines(real, writes.clients)
  const money = await prepareMoney(real, writes.clients, progress)
  const trades = await prepareTradeReads(real, outboxDir, progress)
  const pdfs = await prepareExports(real, outboxDir, path.join(workDir, 'bare'), progress)
  const posts = await prepareMessages(real, writes.clients)
  progress('starting the bare Fastify server with the same bodies')
  const bare = await startBareServer(path.join(workDir, 'bare'), {
    stages: stages.body,
    ...writes.samples,
    timeline: timelines.sample,
    ...money.samples,
    trade: trades.sample,
    message: posts.sample,
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
  for (const section of [
    writesSection(real, bare, writes, floors),
    timelineSection(real, bare, timelines),
    moneySection(real, bare, money),
    tradeSection(real, bare, trades, floors),
    exportsSection(real, bare, pdfs),
    messagesSection(real, bare, posts, floors),
  ]) {
    await pairedSection(section, durations)
  }
  await filesBench(real, bare, writes.clients, workDir, durations)
  const postgres = options.db === 'postgres'
  await clientReadsBench(real, workDir, writes.clients, floors, durations, progress, postgres)
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

/** The floor of an `--only` run, then the PoolPath server on a database of its own. */
async function floorThenServer(
  workDir: string,
  options: BenchOptions,
  databases: ScratchDatabases,
  durations: Durations,
) {
  const outboxDir = path.join(workDir, 'outbox')
  const floors = await measureDatabaseFloor(options, databases, durations)
  progress('starting the PoolPath server')
  const real = await startRealServer((await databases.make('main')).env, outboxDir)
  return { outboxDir, floors, real }
}

/** The floor and the server of an `--only` run, and `count` owners of the bench city. */
async function floorServerAndOwners(
  run: Parameters<typeof floorThenServer>,
  count: number,
  what: string,
) {
  const started = await floorThenServer(...run)
  await openBenchCity(started.real, started.outboxDir)
  progress(`signing up ${count} owners for ${what}`)
  const owners = await signUpClients(started.real, started.outboxDir, count, 'owner')
  return { ...started, owners }
}

/** `--only writes`: the floor, the refresh run and the builder's writes, nothing else. */
async function writesOnly(
  workDir: string,
  options: BenchOptions,
  databases: ScratchDatabases,
  durations: Durations,
) {
  const { outboxDir, floors, real } = await floorThenServer(workDir, options, databases, durations)
  const stages = await stagesAnswer(real)
  const sessions = await signInSessions(real, outboxDir)
  const writes = await prepareClientWrites(real, outboxDir, stages.body, progress)
  // The city is served now; the load runs have not started.
  await signedInLighthouse(real, outboxDir, workDir)
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
  await pairedSection(writesSection(real, bare, writes, floors), durations)
}

/** `--only trades`: the portal's page weight, the floor and GET /api/trade, nothing else. */
async function tradesOnly(
  workDir: string,
  options: BenchOptions,
  databases: ScratchDatabases,
  durations: Durations,
) {
  console.log('')
  console.log(portalSection(await measurePortal(workDir, progress)))
  const { outboxDir, floors, real } = await floorThenServer(workDir, options, databases, durations)
  await openBenchCity(real, outboxDir)
  const trades = await prepareTradeReads(real, outboxDir, progress)
  progress('starting the bare Fastify server with the same body')
  const bare = await startBareServer(path.join(workDir, 'bare'), { trade: trades.sample })
  await printLoadHeader(durations.run, options)
  await pairedSection(tradeSection(real, bare, trades, floors), durations)
}

/** `--only exports`: the waiver and schedule-of-values PDFs against stored ones, nothing else. */
async function exportsOnly(workDir: string, databases: ScratchDatabases, durations: Durations) {
  const outboxDir = path.join(workDir, 'outbox')
  const bareDir = path.join(workDir, 'bare')
  progress('starting the PoolPath server')
  const real = await startRealServer((await databases.make('main')).env, outboxDir)
  await openBenchCity(real, outboxDir)
  const pdfs = await prepareExports(real, outboxDir, bareDir, progress)
  progress('starting the bare Fastify server with the same PDFs')
  const bare = await startBareServer(bareDir, {})
  await pairedSection(exportsSection(real, bare, pdfs), durations)
}

/** `--only passport`: passport.zip of 50 and 500 files against their bytes read from disk. */
async function passportOnly(workDir: string, databases: ScratchDatabases, durations: Durations) {
  const outboxDir = path.join(workDir, 'outbox')
  progress('starting the PoolPath server')
  const database = (await databases.make('main')).env
  const real = await startRealServer(database, outboxDir)
  await openBenchCity(real, outboxDir)
  const projects = await preparePassports(real, outboxDir, progress)
  console.log('')
  console.log(await passportSection(real, database.DATA_DIR, projects, durations.run, progress))
}

/** `--only messages`: the floor and message posts from 50 owners, nothing else. */
async function messagesOnly(
  workDir: string,
  options: BenchOptions,
  databases: ScratchDatabases,
  durations: Durations,
) {
  const { floors, real, owners } = await floorServerAndOwners(
    [workDir, options, databases, durations],
    FEWER_WRITERS,
    'the message posts',
  )
  const posts = await prepareMessages(real, owners)
  progress('starting the bare Fastify server with the same body')
  const bare = await startBareServer(path.join(workDir, 'bare'), { message: posts.sample })
  await printLoadHeader(durations.run, options)
  await pairedSection(messagesSection(real, bare, posts, floors), durations)
}

/** `--only reads`: the floor and a project's reads from 100 owners, nothing else. */
async function readsOnly(
  workDir: string,
  options: BenchOptions,
  databases: ScratchDatabases,
  durations: Durations,
) {
  const { floors, real, owners } = await floorServerAndOwners(
    [workDir, options, databases, durations],
    WRITE_CLIENTS,
    'the reads',
  )
  await prepareClientTimelines(real, owners)
  await prepareMoney(real, owners, progress)
  await printLoadHeader(durations.run, options)
  const postgres = options.db === 'postgres'
  await clientReadsBench(real, workDir, owners, floors, durations, progress, postgres)
}

/** `--only first-paint`: the bundles, then Lighthouse on /login and on the signed-in Overview. */
async function firstPaintOnly(workDir: string, databases: ScratchDatabases) {
  const bundles = await measureBundles(workDir, progress)
  console.log('')
  console.log(bundleSection(bundles))
  const outboxDir = path.join(workDir, 'outbox')
  progress('starting the PoolPath server')
  const real = await startRealServer((await databases.make('main')).env, outboxDir)
  await lighthouse(real, bundles, workDir)
  await openBenchCity(real, outboxDir)
  await signedInLighthouse(real, outboxDir, workDir)
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
