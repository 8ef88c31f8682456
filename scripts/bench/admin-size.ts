// One size of back office: seeded, served by a server of its own, measured, stopped.
import path from 'node:path'
import { chromiumLines, measureClientsPage } from './admin-chromium'
import { adminFetchNotes, adminFetchTargets, fetchAnswer } from './admin-fetch'
import { seedAdminData, seededSummary } from './admin-seed'
import { projectsAnswer, projectsLines, projectsTarget } from './projects'
import { ofFloor, type Floors } from './floors'
import { loadAverage } from './header'
import { measure, type Measured } from './load'
import type { BenchOptions } from './options'
import { pairedTable } from './paired'
import { stopAllServers } from './processes'
import { clean, ratioToBare, TARGET_RATIO } from './report'
import { progress, type Durations } from './run'
import type { ScratchDatabases } from './scratch-db'
import { BENCH_ADMIN_EMAIL, startBareServer, startRealServer } from './servers'

export async function adminFetch(
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
  progress('reading Projects as the admin')
  const projects = await projectsAnswer(real, answer.token)
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
  const projectsLoad = await measure(projectsTarget(real, answer.token), durations, progress)
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
  console.log(pairedTable([[projectsLoad, cached]]))
  console.log('')
  for (const line of adminFetchNotes(answer, clients, options.db)) console.log(line)
  console.log(share(cached, bareCached, 'the kept answer'))
  console.log(share(notModified, bareNotModified, 'the 304'))
  console.log(`The 304: ${ofFloor(notModified.result.requests.average, floors.select)}`)
  for (const line of projectsLines(projects, answer.rebuildMs)) console.log(line)
  for (const line of chromiumLines(chromium, clients)) console.log(line)
}

function share(row: Measured, bareRow: Measured, what: string): string {
  const ratio = ratioToBare(row, bareRow)
  const outcome = ratio >= TARGET_RATIO && clean(row) ? 'PASS' : 'FAIL'
  return `Verdict: ${outcome}: ${what} served ${(ratio * 100).toFixed(1)} % of the bare route's req/s (target >= 50 %)`
}
