// The Timeline's read under load: GET /api/timeline from 100 signed-in clients with a dated
// plan, against a bare route answering as many bytes.
import { Timeline, envelope } from '../../contract'
import { dayIn, zoneOfState } from '../../contract/time-zones'
import {
  call,
  ClientPool,
  inParallel,
  QUEUED_TIMEOUT_SECONDS,
  readRequest,
  type BenchClient,
} from './client-calls'
import type { Measured, Target } from './load'
import type { Server } from './processes'
import { refusalWarnings } from './report'
import { BENCH_CITY } from './sessions'

/** Start dates one day apart, from this many days ahead back into the past. */
const DAYS_AHEAD = 20
const DAY_MS = 86_400_000
const PREPARE_PARALLEL = 10

export type ClientTimelines = {
  clients: BenchClient[]
  /** The median-sized answer, for the bare route to send; the smallest and largest, for notes. */
  sample: Buffer
  sizes: { least: number; most: number }
  statuses: Map<string, number>
}

/**
 * Client `index`'s start date: one day earlier per client, the first ones still ahead; a day of
 * the bench city's, whose today is not UTC's in its evening.
 */
function startDateOf(index: number): string {
  const instant = new Date(Date.now() + (DAYS_AHEAD - index) * DAY_MS)
  return dayIn(instant, zoneOfState(BENCH_CITY.state))
}

/**
 * Gives each client a start date (PUT /api/timeline/start, as the Timeline page sends it) and,
 * when that day has come, Pool Design started on it (PUT /api/timeline/started), then reads each
 * client's timeline once: what the run will answer, and the sample for the bare route.
 */
export async function prepareClientTimelines(
  real: Server,
  clients: BenchClient[],
): Promise<ClientTimelines> {
  const answers = await inParallel(clients, PREPARE_PARALLEL, async (client) => {
    const startDate = startDateOf(client.index)
    await call(real.origin, 'PUT', '/api/timeline/start', client.token, { startDate })
    if (client.index >= DAYS_AHEAD) {
      const started = { step: 'pool-design', startedOn: startDate }
      await call(real.origin, 'PUT', '/api/timeline/started', client.token, started)
    }
    return call(real.origin, 'GET', '/api/timeline', client.token)
  })
  const statuses = new Map<string, number>()
  for (const answer of answers) {
    const { Data } = envelope(Timeline).parse(JSON.parse(answer.toString('utf8')))
    if (Data.startDate === null) throw new Error('a bench client has no start date')
    for (const { status } of Data.steps) statuses.set(status, (statuses.get(status) ?? 0) + 1)
  }
  const bySize = [...answers].sort((x, y) => x.length - y.length)
  const sample = bySize[Math.floor(bySize.length / 2)]
  if (!sample) throw new Error('no client to take a timeline sample from')
  return {
    clients,
    sample,
    sizes: { least: bySize[0]?.length ?? 0, most: bySize.at(-1)?.length ?? 0 },
    statuses,
  }
}

/** GET /api/timeline with each client's token in turn, and the same requests to the bare route. */
export function clientTimelineTargets(real: Server, bare: Server, timelines: ClientTimelines) {
  const target = (label: string, origin: string, path: string): Target => {
    const pool = new ClientPool(timelines.clients)
    return {
      label,
      origin,
      path,
      connections: timelines.clients.length,
      timeoutSeconds: QUEUED_TIMEOUT_SECONDS,
      request: () => readRequest(pool, path),
      prepare: async () => pool.reset(),
    }
  }
  return {
    timeline: target('GET /api/timeline', real.origin, '/api/timeline'),
    bareTimeline: target('GET /same/timeline (bare Fastify)', bare.origin, '/same/timeline'),
  }
}

/** The lines under the Timeline table: what the clients' plans were, and any refusal. */
export function clientTimelineNotes(timelines: ClientTimelines, rows: readonly Measured[]) {
  const bytes = (n: number) => `${n.toLocaleString('en-US')} bytes`
  const statuses = [...timelines.statuses].map(([status, n]) => `${n} ${status}`).join(', ')
  const notes = [
    `Connections: ${timelines.clients.length}, one per signed-in client (the write runs' ` +
      'clients); each request sends its Bearer token, and a client never has two requests in ' +
      `flight. Timeout ${QUEUED_TIMEOUT_SECONDS} s.`,
    'Before the runs (not measured), each client got a start date, one day apart from ' +
      `${DAYS_AHEAD} days ahead back to ${timelines.clients.length - DAYS_AHEAD - 1} days ago, ` +
      `and Pool Design started on it when that day has come; their steps: ${statuses}.`,
    `Answers of ${bytes(timelines.sizes.least)} to ${bytes(timelines.sizes.most)}; the bare ` +
      `route sends the median one (${bytes(timelines.sample.length)}).`,
  ]
  return [...notes, ...refusalWarnings(rows, 'reads')]
}
