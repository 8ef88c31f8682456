// Files (issue 13): uploads of 2 MB JPEGs (with their variants) and 2 MB PDFs (none) against
// writing the same bytes to disk as the disk store does (temp name, fsync, rename), and
// signed-address downloads against @fastify/static serving the same file from the bare server.
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { z } from 'zod'
import type { BenchClient, Progress } from './client-calls'
import type { Target } from './load'
import type { Server } from './processes'
import { textTable } from './text-table'

/** Uploads in flight at once: a few people adding photos, on 2 shared cores. */
const UPLOADERS = 4
const TWO_MB = 2 * 1024 * 1024

const Stored = z.object({
  Data: z.object({ id: z.string(), urls: z.object({ original: z.string() }) }),
})

export type Sample = { name: string; type: string; bytes: Buffer }
export type Throughput = {
  label: string
  files: number
  bytes: number
  seconds: number
  failed: number
}

/** A photo of noise (JPEG keeps noise big) of at least 2 MB, and a PDF of as many bytes. */
export async function samples(): Promise<{ jpeg: Sample; pdf: Sample }> {
  let side = 900
  let jpeg = Buffer.alloc(0)
  while (jpeg.length < TWO_MB) {
    side += 100
    const raw = crypto.randomBytes(side * side * 3)
    jpeg = await sharp(raw, { raw: { width: side, height: side, channels: 3 } })
      .jpeg({ quality: 92 })
      .toBuffer()
  }
  const head = Buffer.from('%PDF-1.4\n% bench\n')
  const tail = Buffer.from('\n%%EOF\n')
  const pdf = Buffer.concat([
    head,
    Buffer.alloc(jpeg.length - head.length - tail.length, 0x20),
    tail,
  ])
  return {
    jpeg: { name: 'site.jpg', type: 'image/jpeg', bytes: jpeg },
    pdf: { name: 'invoice.pdf', type: 'application/pdf', bytes: pdf },
  }
}

/** `work` run by UPLOADERS loops for `seconds`; answers how many finished, and how many failed. */
async function loops(seconds: number, work: (i: number) => Promise<boolean>) {
  const started = performance.now()
  const deadline = started + seconds * 1000
  let next = 0
  let done = 0
  let failed = 0
  await Promise.all(
    Array.from({ length: UPLOADERS }, async () => {
      while (performance.now() < deadline) {
        if (await work(next++)) done += 1
        else failed += 1
      }
    }),
  )
  return { done, failed, seconds: (performance.now() - started) / 1000 }
}

/** Uploads `sample` round-robin over the clients; answers the throughput and what was stored. */
export async function uploadRun(
  real: Server,
  clients: readonly BenchClient[],
  sample: Sample,
  seconds: number,
  label: string,
) {
  const stored: { client: BenchClient; id: string; original: string }[] = []
  const run = await loops(seconds, async (i) => {
    const client = clients[i % clients.length]
    if (!client) return false
    const form = new FormData()
    form.append('kind', 'photo')
    form.append(
      'file',
      new Blob([new Uint8Array(sample.bytes)], { type: sample.type }),
      sample.name,
    )
    const res = await fetch(`${real.origin}/api/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${client.token}`, origin: real.origin },
      body: form,
    })
    if (res.status !== 201) return false
    const { Data } = Stored.parse(await res.json())
    stored.push({ client, id: Data.id, original: Data.urls.original })
    return true
  })
  const throughput: Throughput = {
    label,
    files: run.done,
    bytes: run.done * sample.bytes.length,
    seconds: run.seconds,
    failed: run.failed,
  }
  return { throughput, stored }
}

/** The floor: the same bytes written as the disk store writes them, then removed. */
export async function diskRun(dir: string, sample: Sample, seconds: number): Promise<Throughput> {
  await fs.mkdir(dir, { recursive: true })
  const run = await loops(seconds, async (i) => {
    const target = path.join(dir, `${i}.bin`)
    const temporary = `${target}.partial`
    const handle = await fs.open(temporary, 'wx')
    await handle.writeFile(sample.bytes)
    await handle.sync()
    await handle.close()
    await fs.rename(temporary, target)
    await fs.rm(target)
    return true
  })
  return {
    label: `write ${sample.name}'s bytes to disk (floor)`,
    files: run.done,
    bytes: run.done * sample.bytes.length,
    seconds: run.seconds,
    failed: 0,
  }
}

/** Deletes what a run uploaded (not measured), so the next run starts from the same store. */
export async function removeUploads(
  real: Server,
  stored: readonly { client: BenchClient; id: string }[],
) {
  for (const { client, id } of stored)
    await fetch(`${real.origin}/api/files/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${client.token}`, origin: real.origin },
    })
}

const MB = 1024 * 1024

export function throughputTable(rows: readonly Throughput[], floor: Throughput): string {
  const perSecond = (row: Throughput) => row.bytes / MB / row.seconds
  const floorRate = perSecond(floor)
  return textTable([
    ['target', 'files/s', 'MB/s', 'failed', 'vs disk'],
    ...rows.map((row) => [
      row.label,
      (row.files / row.seconds).toFixed(1),
      perSecond(row).toFixed(1),
      String(row.failed),
      row === floor ? '' : `${((perSecond(row) / floorRate) * 100).toFixed(1)} %`,
    ]),
  ])
}

/** A signed original downloaded as an `<img>` would, and the same bytes from @fastify/static. */
export function downloadTargets(real: Server, bare: Server, signedPath: string): Target[] {
  return [
    {
      label: 'GET /api/files/:id/original (signed)',
      origin: real.origin,
      path: signedPath,
      connections: 10,
    },
    {
      label: 'GET /static/photo.jpg (@fastify/static, bare)',
      origin: bare.origin,
      path: '/static/photo.jpg',
      connections: 10,
    },
  ]
}

export function filesNotes(jpeg: Sample, progress: Progress): string[] {
  progress('files measured')
  return [
    `Uploads: ${UPLOADERS} in flight, round-robin over the signed-in clients, of a ${(jpeg.bytes.length / MB).toFixed(2)} MB ` +
      'JPEG (turned upright, stripped, re-encoded with a 1600 px view and a 320 px thumb) and a PDF ' +
      'of as many bytes (stored as it came); everything uploaded is deleted between runs. The floor ' +
      'writes the same bytes the way the disk store does (temporary name, fsync, rename) with as ' +
      'many writers. Downloads: 10 connections on one signed address against @fastify/static ' +
      'serving the stored original from the bare server.',
  ]
}
