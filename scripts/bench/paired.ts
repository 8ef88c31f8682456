// Rows measured against bare routes answering the same bytes: one table, each row beside its own.
import { measure, type Measured, type Target } from './load'
import { table } from './report'
import { progress, type Durations } from './run'

/** Each row against its own bare route; the bare rows against themselves. */
export function pairedTable(pairs: readonly (readonly [Measured, Measured])[]): string {
  const bareOf = new Map(pairs)
  return table(
    [...pairs.map(([row]) => row), ...pairs.map(([, bare]) => bare)],
    (row) => bareOf.get(row) ?? row,
  )
}

export type PairedSection = {
  title: string
  /** Each real target with the bare one it is read against. */
  pairs: readonly (readonly [Target, Target])[]
  notes: (rows: Measured[]) => string[]
}

/** Each pair's real target, then each bare one, measured; one table under `title`, then notes. */
export async function pairedSection({ title, pairs, notes }: PairedSection, durations: Durations) {
  const rows: Measured[] = []
  for (const [real] of pairs) rows.push(await measure(real, durations, progress))
  const bares: Measured[] = []
  for (const [, bare] of pairs) bares.push(await measure(bare, durations, progress))
  console.log('')
  console.log(title)
  console.log('')
  console.log(pairedTable(rows.flatMap((row, i) => (bares[i] ? [[row, bares[i]] as const] : []))))
  console.log('')
  for (const line of notes(rows)) console.log(line)
}
