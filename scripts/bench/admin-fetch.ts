// GET /api/admin/fetch, the back office's one read, on a seeded business (admin-seed.ts) of a
// given size: its first answer, a rebuild after a change, and under load the kept answer (as is
// and gzipped) and the 304, each against a bare route sending the same bytes.
import http from 'node:http'
import { call } from './client-calls'
import type { Target } from './load'
import type { Server } from './processes'
import { BENCH_ADMIN_EMAIL } from './servers'
import { signIn } from './sessions'

/** Admins polling at once: each answer is a cached buffer or a 304, so more than a couple. */
export const FETCH_CONNECTIONS = 10
/** autocannon's default of 10 s would count a slow answer under load as an error. */
export const FETCH_TIMEOUT_SECONDS = 30
/** Changes made, each followed by one timed fetch: the rebuild's median and worst. */
const REBUILDS = 5

export type FetchAnswer = {
  token: string
  /** The answer as JSON, and gzipped as the server sends it to a browser. */
  body: Buffer
  gzipped: Buffer
  etag: string
  /** The first request, on a server that has built nothing yet: the build, end to end. */
  firstMs: number
  /** After each of a few changes (an admin's edit of a city), one fetch as a browser sends it. */
  rebuildMs: number[]
}

/** One GET, timed to its last byte, its body as sent (no decompression). */
export function timedGet(url: string, headers: Record<string, string>) {
  return new Promise<{ ms: number; status: number; body: Buffer; etag: string }>(
    (resolve, reject) => {
      const started = performance.now()
      http
        .get(url, { headers }, (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('end', () =>
            resolve({
              ms: performance.now() - started,
              status: response.statusCode ?? 0,
              body: Buffer.concat(chunks),
              etag: String(response.headers.etag ?? ''),
            }),
          )
        })
        .on('error', reject)
    },
  )
}

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0

/** Signs the seeded admin in, times the first answer, then a rebuild after each of a few changes. */
export async function fetchAnswer(real: Server, outboxDir: string): Promise<FetchAnswer> {
  const { token } = await signIn(real.origin, outboxDir, BENCH_ADMIN_EMAIL)
  const url = `${real.origin}/api/admin/fetch`
  const plain = { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' }
  const first = await timedGet(url, plain)
  if (first.status !== 200) throw new Error(`GET /api/admin/fetch answered ${first.status}`)
  const { Data } = JSON.parse(first.body.toString('utf8')) as { Data: { Cities: { id: string }[] } }
  const cityId = Data.Cities[0]?.id
  if (!cityId) throw new Error('the seeded back office has no city')
  const rebuildMs: number[] = []
  for (let i = 1; i <= REBUILDS; i++) {
    const change = { permitFee: 30_000 + i }
    await call(real.origin, 'PUT', `/api/admin/cities/edit/${cityId}`, token, change)
    const browser = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' }
    rebuildMs.push((await timedGet(url, browser)).ms)
  }
  const now = await timedGet(url, plain)
  const zipped = await timedGet(url, { ...plain, 'accept-encoding': 'gzip' })
  return {
    token,
    body: now.body,
    gzipped: zipped.body,
    etag: now.etag,
    firstMs: first.ms,
    rebuildMs,
  }
}

/** The bare route's ETag for the same bytes: its own, so its 304 path is really taken. */
async function etagOf(origin: string, path: string): Promise<string> {
  const response = await fetch(origin + path)
  await response.arrayBuffer()
  return response.headers.get('etag') ?? ''
}

export async function adminFetchTargets(real: Server, bare: Server, answer: FetchAnswer) {
  const authorization = `Bearer ${answer.token}`
  const target = (label: string, origin: string, path: string, headers: Record<string, string>) =>
    ({
      label,
      origin,
      path,
      connections: FETCH_CONNECTIONS,
      timeoutSeconds: FETCH_TIMEOUT_SECONDS,
      headers: { authorization, ...headers },
    }) satisfies Target
  const plain = { 'accept-encoding': 'identity' }
  const gzip = { 'accept-encoding': 'gzip' }
  const bareEtag = await etagOf(bare.origin, '/same/admin-fetch')
  const fetchPath = '/api/admin/fetch'
  return {
    cached: target('GET /api/admin/fetch (kept answer)', real.origin, fetchPath, plain),
    cachedGzip: target('GET /api/admin/fetch, gzip (kept)', real.origin, fetchPath, gzip),
    notModified: target('GET /api/admin/fetch, If-None-Match (304)', real.origin, fetchPath, {
      'if-none-match': answer.etag,
    }),
    bareCached: target('GET /same/admin-fetch (bare)', bare.origin, '/same/admin-fetch', plain),
    bareGzip: target('GET /same/admin-fetch.gz (bare)', bare.origin, '/same/admin-fetch.gz', gzip),
    bareNotModified: target('GET /same/admin-fetch, 304 (bare)', bare.origin, '/same/admin-fetch', {
      'if-none-match': bareEtag,
    }),
  }
}

const kb = (bytes: number) =>
  `${(bytes / 1024).toLocaleString('en-US', { maximumFractionDigits: 0 })} KiB`

/** The rebuild's median, against the target for 10,000 clients on this database. */
export function rebuildTarget(kind: 'pglite' | 'postgres'): number {
  return kind === 'postgres' ? 200 : 400
}

/** The lines under one size's table: sizes, the first answer and the rebuilds. */
export function adminFetchNotes(answer: FetchAnswer, clients: number, kind: 'pglite' | 'postgres') {
  const rebuild = median(answer.rebuildMs)
  const worst = Math.max(...answer.rebuildMs)
  const target = rebuildTarget(kind)
  const verdict =
    clients === 10_000
      ? ` Verdict: ${rebuild <= target ? 'PASS' : 'FAIL'} (target <= ${target} ms at 10,000 clients).`
      : ''
  return [
    `Answer: ${answer.body.length.toLocaleString('en-US')} bytes of JSON (${kb(answer.body.length)}), ` +
      `${answer.gzipped.length.toLocaleString('en-US')} gzipped (${kb(answer.gzipped.length)}).`,
    `First answer on the fresh server (builds it): ${Math.round(answer.firstMs)} ms. Rebuild after ` +
      `a change (an admin's edit of a city, then one fetch as a browser, gzip): median ` +
      `${Math.round(rebuild)} ms, worst ${Math.round(worst)} ms of ${answer.rebuildMs.length}.${verdict}`,
  ]
}
