// GET /api (and its 304) and POST /api/refresh of the real server, against bare Fastify routes.
import { ofFloor, type Floors } from './floors'
import { printLoadHeader } from './header'
import type { Measured, Target } from './load'
import type { BenchOptions } from './options'
import type { Server } from './processes'
import { RefreshSessions } from './refresh-sessions'
import { table, verdict } from './report'
import { progress } from './run'
import { signUp } from './sessions'

const LOAD_CONNECTIONS = 100
const REFRESH_CONNECTIONS = 10

/** GET /api's body and ETag, so the bare route can send the same bytes and the 304 path be hit. */
export async function stagesAnswer(real: Server) {
  const res = await fetch(`${real.origin}/api`)
  return { body: Buffer.from(await res.arrayBuffer()), etag: res.headers.get('etag') ?? '' }
}

export async function signInSessions(real: Server, outboxDir: string): Promise<RefreshSessions> {
  progress(`signing up ${REFRESH_CONNECTIONS} clients for the refresh run`)
  const cookies: string[] = []
  for (let i = 1; i <= REFRESH_CONNECTIONS; i++) {
    const { cookie } = await signUp(real.origin, outboxDir, `bench-${i}@example.com`)
    cookies.push(cookie)
  }
  return new RefreshSessions(cookies)
}

/** A GET of `path` on `server` from the load run's connections. */
const loadGet = (label: string, server: Server, path: string): Target => ({
  label,
  origin: server.origin,
  path,
  connections: LOAD_CONNECTIONS,
})

export function targetsOf(real: Server, bare: Server, sessions: RefreshSessions, etag: string) {
  const refresh: Target = {
    label: 'POST /api/refresh',
    origin: real.origin,
    path: '/api/refresh',
    connections: REFRESH_CONNECTIONS,
    request: () => sessions.request(),
    prepare: () => sessions.settle(real.origin),
  }
  return {
    api: loadGet('GET /api', real, '/api'),
    notModified: {
      ...loadGet('GET /api, If-None-Match (304)', real, '/api'),
      headers: { 'if-none-match': etag },
    },
    bareRoute: loadGet('GET /same/stages (bare Fastify)', bare, '/same/stages'),
    tinyBare: loadGet('GET /bare {Data:[]} (bare Fastify)', bare, '/bare'),
    refresh,
  }
}

export async function printResults(
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
