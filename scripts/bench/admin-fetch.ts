// GET /api/admin/fetch, the back office's one read, on a seeded business (admin-seed.ts): the
// full answer and the 304 path, each against a bare route sending the same bytes.
import zlib from 'node:zlib'
import type { Target } from './load'
import type { Server } from './processes'
import { BENCH_ADMIN_EMAIL } from './servers'
import { signIn } from './sessions'

/**
 * Two admins polling at once. One answer takes the server about a second of its one thread, so
 * more connections would only queue: the same req/s, each answer later.
 */
export const FETCH_CONNECTIONS = 2
/** autocannon's default of 10 s would count a slow answer under load as an error. */
export const FETCH_TIMEOUT_SECONDS = 30

export type FetchAnswer = {
  token: string
  body: Buffer
  etag: string
  /** Content-Encoding of an answer to `Accept-Encoding: gzip`, or null when sent as is. */
  encoding: string | null
  gzipBytes: number
  /** One request on the idle server, end to end. */
  idleMs: number
}

/** Signs the seeded admin in and takes one answer: its bytes, ETag, and what gzip makes of it. */
export async function fetchAnswer(real: Server, outboxDir: string): Promise<FetchAnswer> {
  const { token } = await signIn(real.origin, outboxDir, BENCH_ADMIN_EMAIL)
  const started = performance.now()
  const response = await fetch(`${real.origin}/api/admin/fetch`, {
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' },
  })
  const body = Buffer.from(await response.arrayBuffer())
  const idleMs = performance.now() - started
  if (!response.ok) {
    throw new Error(`GET /api/admin/fetch answered ${response.status}: ${body.toString('utf8')}`)
  }
  return {
    token,
    body,
    etag: response.headers.get('etag') ?? '',
    encoding: response.headers.get('content-encoding'),
    gzipBytes: zlib.gzipSync(body).length,
    idleMs,
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
      headers,
    }) satisfies Target
  const bareEtag = await etagOf(bare.origin, '/same/admin-fetch')
  return {
    full: target('GET /api/admin/fetch', real.origin, '/api/admin/fetch', { authorization }),
    notModified: target(
      'GET /api/admin/fetch, If-None-Match (304)',
      real.origin,
      '/api/admin/fetch',
      {
        authorization,
        'if-none-match': answer.etag,
      },
    ),
    bareFull: target('GET /same/admin-fetch (bare Fastify)', bare.origin, '/same/admin-fetch', {
      authorization,
    }),
    bareNotModified: target(
      'GET /same/admin-fetch, If-None-Match (304, bare)',
      bare.origin,
      '/same/admin-fetch',
      { authorization, 'if-none-match': bareEtag },
    ),
  }
}

const kb = (bytes: number) =>
  `${(bytes / 1024).toLocaleString('en-US', { maximumFractionDigits: 0 })} KiB`

/** The lines under the fetch table: the answer's size, gzip's, and what the rows compare. */
export function adminFetchNotes(answer: FetchAnswer): string[] {
  const sentAs =
    answer.encoding === null
      ? 'the server sends it uncompressed (no Content-Encoding in answer to Accept-Encoding: gzip)'
      : `the server sends it with Content-Encoding: ${answer.encoding}`
  return [
    `Answer: ${answer.body.length.toLocaleString('en-US')} bytes of JSON (${kb(answer.body.length)}), ` +
      `${answer.gzipBytes.toLocaleString('en-US')} gzipped at level 6 (${kb(answer.gzipBytes)}, ` +
      `${((answer.gzipBytes / answer.body.length) * 100).toFixed(1)} %); ${sentAs}. ` +
      `One request on the idle server: ${Math.round(answer.idleMs)} ms.`,
    `Connections: ${FETCH_CONNECTIONS} (admins polling at once), timeout ${FETCH_TIMEOUT_SECONDS} s; ` +
      'one admin Bearer token. The 304 rows send the ETag of the answer in If-None-Match; the ' +
      'bare route sends the same bytes, and answers its 304 from an ETag worked out once at start.',
  ]
}
