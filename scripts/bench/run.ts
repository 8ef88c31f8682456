// How long each row runs, and the progress lines the bench writes to stderr while it does.

export type Durations = { warmUp: number; run: number }

export const WARM_UP_SECONDS = 2

export const progress = (line: string) => process.stderr.write(`[bench] ${line}\n`)

/** BENCH_SECONDS, the measured seconds of each row (10 unless set). */
export function benchSeconds(): number {
  const raw = process.env.BENCH_SECONDS
  if (raw === undefined || raw === '') return 10
  const seconds = Number(raw)
  if (!Number.isInteger(seconds) || seconds < 1) {
    throw new Error(`BENCH_SECONDS must be a whole number of seconds >= 1, got "${raw}"`)
  }
  return seconds
}

/** Half the seconds of the other rows: the back office has six rows per size. */
export const adminDurations = (seconds: number): Durations => ({
  warmUp: 1,
  run: Math.max(3, Math.round(seconds / 2)),
})
