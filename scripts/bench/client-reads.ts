// A project's reads under load: GET /api/timeline, /api/money and /api/files from 100 signed-in
// clients against the database's primary-key floor, from 50 for their p99, and revalidated with
// each client's ETag (a 304) against a bare route's 304.
import path from 'node:path'
import { PDFDocument } from 'pdf-lib'
import {
  ClientPool,
  inParallel,
  QUEUED_TIMEOUT_SECONDS,
  readRequest,
  revalidateRequest,
  type BenchClient,
  type Progress,
} from './client-calls'
import { FEWER_WRITERS } from './client-writes'
import { ofFloor, type Floors } from './floors'
import { measure, type Measured, type Target } from './load'
import { refusalWarnings, table } from './report'
import type { Server } from './processes'
import type { Durations } from './run'
import { startBareServer } from './servers'
import { stepPageBench } from './step-page'

/** The issue's targets: of the floor at 100 clients, p99 at 50 (PostgreSQL), the 304's share. */
const FLOOR_SHARE = 0.3
const P99_MS = 100
const BARE_304_SHARE = 0.5
/** Documents each client uploads before the runs, so its files answer lists some. */
const FILES_PER_CLIENT = 3

const READS = [
  { name: 'timeline', path: '/api/timeline' },
  { name: 'money', path: '/api/money' },
  { name: 'files', path: '/api/files' },
] as const

type Read = (typeof READS)[number]

/** Each read's ETag per client, and the median answer for the bare route to send. */
type Answers = { etags: Map<number, string>; sample: Buffer }

/** A small real PDF, made once: the upload sniffs what it is sent. */
async function smallPdf(): Promise<Blob> {
  const document = await PDFDocument.create()
  document.addPage([612, 792]).drawText('PoolPath bench document', { x: 72, y: 700 })
  return new Blob([new Uint8Array(await document.save())], { type: 'application/pdf' })
}

async function uploadDocuments(real: Server, clients: readonly BenchClient[], progress: Progress) {
  progress(`uploading ${FILES_PER_CLIENT} documents for each of the ${clients.length} clients`)
  const pdf = await smallPdf()
  await inParallel(clients, 10, async (client) => {
    for (let n = 1; n <= FILES_PER_CLIENT; n++) {
      const form = new FormData()
      form.append('kind', 'permit')
      form.append('file', pdf, `permit-${n}.pdf`)
      const res = await fetch(`${real.origin}/api/files`, {
        method: 'POST',
        headers: { authorization: `Bearer ${client.token}`, origin: real.origin },
        body: form,
      })
      if (res.status !== 201)
        throw new Error(`an upload answered ${res.status}: ${await res.text()}`)
    }
  })
}

async function answersOf(real: Server, clients: readonly BenchClient[], read: Read) {
  const answers = await inParallel(clients, 10, async (client) => {
    const res = await fetch(`${real.origin}${read.path}`, {
      headers: { authorization: `Bearer ${client.token}` },
    })
    const body = Buffer.from(await res.arrayBuffer())
    const etag = res.headers.get('etag')
    if (res.status !== 200 || !etag) throw new Error(`${read.path} answered ${res.status}, no ETag`)
    return { index: client.index, etag, body }
  })
  const bySize = [...answers].sort((x, y) => x.body.length - y.body.length)
  const sample = bySize[Math.floor(bySize.length / 2)]?.body
  if (!sample) throw new Error(`no answer of ${read.path} to sample`)
  return { etags: new Map(answers.map((a) => [a.index, a.etag])), sample } satisfies Answers
}

/** The bare route's own ETag for the sample, so its 304 path is really taken. */
async function bareEtag(bare: Server, name: string): Promise<string> {
  const res = await fetch(`${bare.origin}/same/read-${name}`)
  await res.arrayBuffer()
  return res.headers.get('etag') ?? ''
}

function targetsOf(
  real: Server,
  bare: Server,
  clients: readonly BenchClient[],
  read: Read,
  answers: Answers,
  bareTag: string,
) {
  const target = (
    label: string,
    origin: string,
    readPath: string,
    of: readonly BenchClient[],
    request: (pool: ClientPool) => Target['request'],
    before?: () => Promise<void>,
  ): Target => {
    const pool = new ClientPool(of)
    return {
      label,
      origin,
      path: readPath,
      connections: of.length,
      timeoutSeconds: QUEUED_TIMEOUT_SECONDS,
      request: request(pool),
      prepare: async () => {
        await before?.()
        pool.reset()
      },
    }
  }
  const fewer = clients.slice(0, FEWER_WRITERS)
  const bareRead = `/same/read-${read.name}`
  const etagOf = (client: BenchClient) => answers.etags.get(client.index) ?? ''
  return {
    all: target(
      `GET ${read.path}`,
      real.origin,
      read.path,
      clients,
      (pool) => () => readRequest(pool, read.path),
    ),
    fewer: target(
      `GET ${read.path}, ${fewer.length} clients`,
      real.origin,
      read.path,
      fewer,
      (pool) => () => readRequest(pool, read.path),
    ),
    notModified: target(
      `GET ${read.path}, If-None-Match (304)`,
      real.origin,
      read.path,
      clients,
      (pool) => () => revalidateRequest(pool, read.path, etagOf),
      // An ETag holds for a 5-minute window at most: the ones the app holds are that recent.
      async () => {
        answers.etags = (await answersOf(real, clients, read)).etags
      },
    ),
    bare: target(
      `GET ${bareRead} (bare)`,
      bare.origin,
      bareRead,
      clients,
      (pool) => () => readRequest(pool, bareRead),
    ),
    bareNotModified: target(
      `GET ${bareRead}, 304 (bare)`,
      bare.origin,
      bareRead,
      clients,
      (pool) => () => readRequest(pool, bareRead, { 'if-none-match': bareTag }),
    ),
  }
}

const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL')
const share = (row: Measured, of: number) => row.result.requests.average / of

/**
 * A project's reads from `clients` (each with a dated plan and a signed contract), after each
 * uploaded a few documents: per read, its rate at 100 clients beside the floor, its p99 at 50,
 * and its 304 beside a bare 304; then a step page's reads together, as the browser sends them.
 * One run at a time, after the others: the cores are the runs'.
 */
export async function clientReadsBench(
  real: Server,
  workDir: string,
  clients: readonly BenchClient[],
  floors: Floors,
  durations: Durations,
  progress: Progress,
  postgres: boolean,
) {
  await uploadDocuments(real, clients, progress)
  const answers = new Map<Read, Answers>()
  for (const read of READS) answers.set(read, await answersOf(real, clients, read))
  progress('starting a bare Fastify server with the same answers')
  const bare = await startBareServer(
    path.join(workDir, 'bare-reads'),
    Object.fromEntries(
      READS.map((read) => [`read-${read.name}`, answers.get(read)?.sample ?? Buffer.alloc(0)]),
    ),
  )
  for (const read of READS) {
    const held = answers.get(read)
    if (!held) continue
    const targets = targetsOf(real, bare, clients, read, held, await bareEtag(bare, read.name))
    const rows: Measured[] = []
    for (const target of [
      targets.all,
      targets.fewer,
      targets.notModified,
      targets.bare,
      targets.bareNotModified,
    ])
      rows.push(await measure(target, durations, progress))
    const [all, fewer, notModified, bareRow, bareNotModified] = rows
    if (!all || !fewer || !notModified || !bareRow || !bareNotModified) continue
    console.log('')
    console.log(`A project's read: GET ${read.path}, from the database and revalidated`)
    console.log('')
    const bareOf = new Map([
      [all, bareRow],
      [fewer, bareRow],
      [notModified, bareNotModified],
    ])
    console.log(table(rows, (row) => bareOf.get(row) ?? row))
    console.log('')
    const floorShare = share(all, floors.select.perSecond)
    const p99 = fewer.result.latency.p99
    const notModifiedShare = share(notModified, bareNotModified.result.requests.average)
    console.log(
      `${all.target.label}: ${ofFloor(all.result.requests.average, floors.select)}; target >= ` +
        `${FLOOR_SHARE * 100} %: ${pass(floorShare >= FLOOR_SHARE)}`,
    )
    console.log(
      `${fewer.target.label}: p99 ${p99} ms; target <= ${P99_MS} ms on PostgreSQL: ` +
        (postgres ? pass(p99 <= P99_MS) : 'not this database'),
    )
    console.log(
      `${notModified.target.label}: ${(notModifiedShare * 100).toFixed(1)} % of the bare 304; ` +
        `target >= ${BARE_304_SHARE * 100} %: ${pass(notModifiedShare >= BARE_304_SHARE)}`,
    )
    console.log(
      `Answers of ${held.sample.length.toLocaleString('en-US')} bytes (the median, which the ` +
        `bare route sends); ${clients.length} clients, ${FILES_PER_CLIENT} documents each.`,
    )
    for (const line of refusalWarnings(rows.slice(0, 3), 'reads')) console.log(line)
  }
  await stepPageBench(real, clients, floors, durations, progress)
}
