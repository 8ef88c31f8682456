// The pool passport's ZIP (PRODUCT.md §17): a project of 50 and one of 500 stored PDFs,
// downloaded whole as passport.zip in MB/s, against the floor of the same stored bytes streamed
// from disk one file after another in the same run.
import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import type { ReadableStream as WebReadable } from 'node:stream/web'
import { z } from 'zod'
import { signUpClients } from './client-writes'
import type { BenchClient, Progress } from './client-calls'
import type { Server } from './processes'
import { paddedPdf } from '../../tests/support/sample-files'
import { textTable } from './text-table'

const SIZES = [50, 500] as const
/** A manual or a permit as a scan comes: about 200 KB. */
const FILE_BYTES = 200_000
const UPLOADERS = 4
const KINDS = ['lien-waiver', 'warranty', 'permit', 'inspection', 'manual', 'plan']
const MB = 1024 * 1024

const Stored = z.object({ Data: z.object({ id: z.string() }) })

export type PassportProject = { files: number; owner: BenchClient; ids: string[] }
type Rate = { label: string; bytes: number; seconds: number }

/** Two owners, one with 50 files and one with 500, spread over the ZIP's six folders. */
export async function preparePassports(
  real: Server,
  outboxDir: string,
  progress: Progress,
): Promise<PassportProject[]> {
  const owners = await signUpClients(real, outboxDir, SIZES.length, 'passport')
  const pdf = paddedPdf(FILE_BYTES)
  const projects: PassportProject[] = []
  for (const [index, files] of SIZES.entries()) {
    const owner = owners[index]
    if (!owner) throw new Error('no owner for the passport runs')
    progress(`uploading ${files} files for the passport ZIP`)
    const ids: string[] = []
    let next = 0
    const uploader = async () => {
      for (let n = next++; n < files; n = next++) {
        const form = new FormData()
        form.append('kind', KINDS[n % KINDS.length] ?? 'plan')
        form.append(
          'file',
          new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }),
          `f${n}.pdf`,
        )
        const res = await fetch(`${real.origin}/api/files`, {
          method: 'POST',
          headers: { authorization: `Bearer ${owner.token}`, origin: real.origin },
          body: form,
        })
        if (res.status !== 201) throw new Error(`upload answered ${res.status}`)
        ids.push(Stored.parse(await res.json()).Data.id)
      }
    }
    await Promise.all(Array.from({ length: UPLOADERS }, uploader))
    projects.push({ files, owner, ids })
  }
  return projects
}

/** `work` repeated until `seconds` have passed (at least once); its bytes over the time taken. */
async function rateOf(label: string, seconds: number, work: () => Promise<number>): Promise<Rate> {
  const started = performance.now()
  let bytes = 0
  do bytes += await work()
  while (performance.now() - started < seconds * 1000)
  return { label, bytes, seconds: (performance.now() - started) / 1000 }
}

export async function passportSection(
  real: Server,
  dataDir: string,
  projects: readonly PassportProject[],
  seconds: number,
  progress: Progress,
) {
  const rows: { zip: Rate; floor: Rate }[] = []
  for (const project of projects) {
    progress(`downloading passport.zip of ${project.files} files`)
    const zip = await rateOf(
      `GET /api/passport.zip (${project.files} files)`,
      seconds,
      async () => {
        const res = await fetch(`${real.origin}/api/passport.zip`, {
          headers: { authorization: `Bearer ${project.owner.token}` },
        })
        if (res.status !== 200 || !res.body) throw new Error(`passport.zip answered ${res.status}`)
        let bytes = 0
        for await (const chunk of Readable.fromWeb(res.body as WebReadable))
          bytes += (chunk as Uint8Array).length
        return bytes
      },
    )
    const floor = await rateOf(
      `the ${project.files} stored files from disk (floor)`,
      seconds,
      async () => {
        let bytes = 0
        for (const id of project.ids) {
          const file = path.join(dataDir, 'files', id.slice(0, 2), `${id}.original`)
          for await (const chunk of fs.createReadStream(file)) bytes += (chunk as Buffer).length
        }
        return bytes
      },
    )
    rows.push({ zip, floor })
  }
  const rate = (row: Rate) => row.bytes / MB / row.seconds
  const table = textTable([
    ['target', 'MB', 's', 'MB/s', 'vs disk'],
    ...rows.flatMap(({ zip, floor }) =>
      [zip, floor].map((row) => [
        row.label,
        (row.bytes / MB).toFixed(1),
        row.seconds.toFixed(2),
        rate(row).toFixed(1),
        row === zip ? `${((rate(zip) / rate(floor)) * 100).toFixed(1)} %` : '',
      ]),
    ),
  ])
  return [
    'Pool passport ZIP (§17): streamed downloads against the same stored bytes read from disk',
    table,
    `One download at a time, repeated for ${seconds} s (at least once), of ${(FILE_BYTES / 1000).toFixed(0)} KB ` +
      'PDFs in the six folders plus the PDF and four CSVs made on every request; the floor reads ' +
      'the same stored originals one after another, counting their bytes.',
  ].join('\n')
}
