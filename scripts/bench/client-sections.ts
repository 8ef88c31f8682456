// The signed-in clients' sections: the builder's writes, the Timeline, money and files, each
// against bare routes answering as many bytes.
import fs from 'node:fs/promises'
import path from 'node:path'
import type { BenchClient } from './client-calls'
import { clientTimelineNotes, clientTimelineTargets, type ClientTimelines } from './client-timeline'
import {
  clientWriteNotes,
  clientWriteTargets,
  writesPerSecond,
  type ClientWrites,
} from './client-writes'
import {
  diskRun,
  downloadTargets,
  filesNotes,
  removeUploads,
  samples,
  throughputTable,
  uploadRun,
  type Throughput,
} from './files'
import { ofFloor, type Floors } from './floors'
import { moneyNotes, moneyTargets, type MoneyCalls } from './money'
import { pairedSection, type PairedSection } from './paired'
import type { Server } from './processes'
import { progress, type Durations } from './run'
import { staticDirOf } from './servers'

export function writesSection(
  real: Server,
  bare: Server,
  writes: ClientWrites,
  floors: Floors,
): PairedSection {
  return {
    title: 'Builder writes (issue 4): PUT /api/edit-pool and PUT /api/add-quote',
    pairs: clientWriteTargets(real, bare, writes),
    notes: (rows) => [
      ...clientWriteNotes(writes, rows),
      ...rows.map(
        (row) =>
          `${row.target.label}: ${ofFloor(writesPerSecond(row), floors.upsert)}, ` +
          `p99 ${row.result.latency.p99} ms`,
      ),
    ],
  }
}

export function timelineSection(
  real: Server,
  bare: Server,
  timelines: ClientTimelines,
): PairedSection {
  const targets = clientTimelineTargets(real, bare, timelines)
  return {
    title: 'Timeline (issue 11): GET /api/timeline',
    pairs: [[targets.timeline, targets.bareTimeline]],
    notes: (rows) => clientTimelineNotes(timelines, rows),
  }
}

export function moneySection(real: Server, bare: Server, money: MoneyCalls): PairedSection {
  const targets = moneyTargets(real, bare, money)
  return {
    title: 'Money (issue 12): GET /api/money and POST /api/draws/:id/payments',
    pairs: [
      [targets.money, targets.bareMoney],
      [targets.payment, targets.barePayment],
    ],
    notes: (rows) => moneyNotes(money, rows),
  }
}

export async function filesBench(
  real: Server,
  bare: Server,
  clients: BenchClient[],
  workDir: string,
  durations: Durations,
) {
  progress('making a 2 MB photo and a 2 MB PDF for the upload runs')
  const { jpeg, pdf } = await samples()
  const rows: Throughput[] = []
  for (const [sample, label] of [
    [jpeg, 'POST /api/files, 2 MB JPEG (3 variants)'],
    [pdf, 'POST /api/files, 2 MB PDF (as it came)'],
  ] as const) {
    progress(`warming up ${label} for ${durations.warmUp} s`)
    await removeUploads(
      real,
      (await uploadRun(real, clients, sample, durations.warmUp, label)).stored,
    )
    progress(`measuring ${label} for ${durations.run} s`)
    const run = await uploadRun(real, clients, sample, durations.run, label)
    rows.push(run.throughput)
    await removeUploads(real, run.stored)
  }
  progress(`measuring the disk floor for ${durations.run} s`)
  const floor = await diskRun(path.join(workDir, 'disk-floor'), jpeg, durations.run)
  console.log('')
  console.log('Files (issue 13): uploads against writing the same bytes to disk')
  console.log('')
  console.log(throughputTable([...rows, floor], floor))
  const [photo] = (await uploadRun(real, clients.slice(0, 1), jpeg, 0.001, 'one photo')).stored
  if (!photo) throw new Error('the photo for the download runs was not uploaded')
  const original = Buffer.from(await (await fetch(`${real.origin}${photo.original}`)).arrayBuffer())
  await fs.writeFile(path.join(staticDirOf(path.join(workDir, 'bare')), 'photo.jpg'), original)
  const [signed, fromStatic] = downloadTargets(real, bare, photo.original)
  if (!signed || !fromStatic) throw new Error('no download targets')
  await pairedSection(
    {
      title: 'Files (issue 13): a signed download against @fastify/static',
      pairs: [[signed, fromStatic]],
      notes: () => filesNotes(jpeg, progress),
    },
    durations,
  )
}
