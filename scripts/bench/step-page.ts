// A step page's reads as the browser sends them: the eight lists a step page reads as it opens,
// all at once, over at most six connections per client (a browser's limit per origin), from 100
// signed-in clients in a loop. Once as a first visit (every answer a 200) and once revalidated
// with the ETags the app holds (the second visit), each beside the database's primary-key floor.
import http from 'node:http'
import type { BenchClient, Progress } from './client-calls'
import { ofFloor, type Floors } from './floors'
import type { Server } from './processes'
import type { Durations } from './run'
import { textTable } from './text-table'

/** The reads /builder/{step} sends as it opens (tests/app/builder/page-reads.test.tsx). */
export const STEP_PAGE_READS = [
  '/api/money',
  '/api/timeline',
  '/api/trades',
  '/api/files',
  '/api/logs',
  '/api/pool',
  '/api/bid-requests',
  '/api/threads',
] as const

/** The target: the page's reads per second at 100 clients, of the floor. */
const FLOOR_SHARE = 0.2
/** A browser's connections per origin over HTTP/1.1. */
const CONNECTIONS_PER_CLIENT = 6

type Answer = { status: number; etag: string | null }

type PageRun = {
  pages: number
  reads: number
  seconds: number
  /** Each page's time from its first request to its last answer, in ms, sorted. */
  latencies: number[]
  /** Answers other than 200 (first visit) or 304 (revalidated). */
  unexpected: number
}

function get(
  agent: http.Agent,
  origin: string,
  path: string,
  headers: http.OutgoingHttpHeaders,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${origin}${path}`, { agent, headers }, (res) => {
      res.resume()
      res.on('end', () => {
        const etag = res.headers.etag
        resolve({ status: res.statusCode ?? 0, etag: typeof etag === 'string' ? etag : null })
      })
      res.on('error', reject)
    })
    request.on('error', reject)
  })
}

/** One client's page: every read at once; the ETags it answered replace the ones held. */
async function openPage(
  origin: string,
  client: BenchClient,
  agent: http.Agent,
  etags: Map<string, string> | null,
): Promise<Answer[]> {
  const answers = await Promise.all(
    STEP_PAGE_READS.map((path) => {
      const held = etags?.get(path)
      return get(agent, origin, path, {
        authorization: `Bearer ${client.token}`,
        ...(held ? { 'if-none-match': held } : {}),
      })
    }),
  )
  answers.forEach((answer, i) => {
    const path = STEP_PAGE_READS[i]
    if (etags && path && answer.etag) etags.set(path, answer.etag)
  })
  return answers
}

/** Every client opens its page again and again for `seconds`. */
async function runPages(
  origin: string,
  clients: readonly BenchClient[],
  seconds: number,
  revalidate: boolean,
): Promise<PageRun> {
  const visitors = clients.map((client) => ({
    client,
    agent: new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS_PER_CLIENT }),
    held: revalidate ? new Map<string, string>() : null,
  }))
  // The first visit the second one revalidates: the ETags the app keeps.
  if (revalidate)
    await Promise.all(visitors.map((v) => openPage(origin, v.client, v.agent, v.held)))
  const expected = revalidate ? 304 : 200
  const latencies: number[] = []
  let unexpected = 0
  const started = performance.now()
  const deadline = started + seconds * 1000
  await Promise.all(
    visitors.map(async ({ client, agent, held }) => {
      while (performance.now() < deadline) {
        const begun = performance.now()
        const answers = await openPage(origin, client, agent, held)
        latencies.push(performance.now() - begun)
        unexpected += answers.filter((a) => a.status !== expected).length
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  for (const { agent } of visitors) agent.destroy()
  latencies.sort((a, b) => a - b)
  return {
    pages: latencies.length,
    reads: latencies.length * STEP_PAGE_READS.length,
    seconds: elapsed,
    latencies,
    unexpected,
  }
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

/**
 * The step page's reads from `clients` (who hold a plan, a contract and documents): a first
 * visit and a revalidated one, each warmed up, then measured, then printed beside the floor.
 */
export async function stepPageBench(
  real: Server,
  clients: readonly BenchClient[],
  floors: Floors,
  durations: Durations,
  progress: Progress,
) {
  const rows: string[][] = [
    ['visit', 'pages/s', 'reads/s', 'page p50 ms', 'page p99 ms', 'unexpected', 'of the floor'],
  ]
  const verdicts: string[] = []
  for (const revalidate of [false, true]) {
    const visit = revalidate ? 'revalidated (304s)' : 'first (200s)'
    progress(`warming up the step page's reads, ${visit}, for ${durations.warmUp} s`)
    await runPages(real.origin, clients, durations.warmUp, revalidate)
    progress(`measuring the step page's reads, ${visit}, for ${durations.run} s`)
    const run = await runPages(real.origin, clients, durations.run, revalidate)
    const readsPerSecond = run.reads / run.seconds
    const share = readsPerSecond / floors.select.perSecond
    rows.push([
      visit,
      (run.pages / run.seconds).toFixed(1),
      Math.round(readsPerSecond).toLocaleString('en-US'),
      percentile(run.latencies, 50).toFixed(0),
      percentile(run.latencies, 99).toFixed(0),
      String(run.unexpected),
      `${(share * 100).toFixed(1)} %`,
    ])
    verdicts.push(
      `${visit}: ${ofFloor(readsPerSecond, floors.select)}; target >= ${FLOOR_SHARE * 100} %: ` +
        `${share >= FLOOR_SHARE ? 'PASS' : 'FAIL'}` +
        (run.unexpected > 0
          ? ` (${run.unexpected} answers were not ${revalidate ? 304 : 200})`
          : ''),
    )
  }
  console.log('')
  console.log(
    `A step page's reads as the browser sends them: ${STEP_PAGE_READS.length} at once, ` +
      `${CONNECTIONS_PER_CLIENT} connections per client, ${clients.length} clients`,
  )
  console.log('')
  console.log(textTable(rows))
  console.log('')
  for (const line of verdicts) console.log(line)
}
