// The database's floor, measured in the bench process with the raw driver (node-postgres on a
// scratch database, or PGlite on a DATA_DIR of its own), with no server, ORM or HTTP: a one-row
// primary-key select, and an upsert of one row in its own transaction (BEGIN, INSERT … ON
// CONFLICT DO UPDATE, COMMIT). The 304 is compared with the first, the writes with the second.
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { ScratchDatabase } from './scratch-db'

/** As many at once as the server's pool holds connections (server/db/client.ts). */
export const FLOOR_WORKERS = 10
/** Rows the upserts spread over, one per client of the write runs. */
const ROWS = 100

export type Floor = { label: string; perSecond: number; p50: number; p99: number }
export type Floors = { select: Floor; upsert: Floor }

type Driver = {
  select(id: number): Promise<unknown>
  upsert(id: number): Promise<unknown>
  close(): Promise<void>
}

const SETUP = `create table floor_rows (id int primary key, n int not null);
  insert into floor_rows select g, 0 from generate_series(1, ${ROWS}) g`
const SELECT = 'select id, n from floor_rows where id = $1'
const UPSERT =
  'insert into floor_rows (id, n) values ($1, 1) on conflict (id) do update set n = floor_rows.n + 1'

async function pgDriver(url: string): Promise<Driver> {
  const pool = new pg.Pool({ connectionString: url, max: FLOOR_WORKERS })
  await pool.query(SETUP)
  return {
    select: (id) => pool.query(SELECT, [id]),
    upsert: async (id) => {
      const client = await pool.connect()
      try {
        await client.query('begin')
        await client.query(UPSERT, [id])
        await client.query('commit')
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }
}

async function pgliteDriver(dataDir: string): Promise<Driver> {
  const db = await PGlite.create({ dataDir })
  await db.exec(SETUP)
  return {
    select: (id) => db.query(SELECT, [id]),
    upsert: (id) => db.transaction((tx) => tx.query(UPSERT, [id])),
    close: () => db.close(),
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0

/** `FLOOR_WORKERS` loops of `op` for `seconds`: operations per second and their latencies. */
async function run(label: string, op: (id: number) => Promise<unknown>, seconds: number) {
  const until = performance.now() + seconds * 1000
  const latencies: number[] = []
  const worker = async (w: number) => {
    for (let i = w; performance.now() < until; i += FLOOR_WORKERS) {
      const started = performance.now()
      await op((i % ROWS) + 1)
      latencies.push(performance.now() - started)
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: FLOOR_WORKERS }, (_, w) => worker(w)))
  const elapsed = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  return {
    label,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
  }
}

/** Both floors, each after a warm-up of `warmUp` seconds, on `database` (made for this alone). */
export async function measureFloors(
  database: ScratchDatabase,
  durations: { warmUp: number; run: number },
): Promise<Floors> {
  const { options } = database
  const driver =
    options.kind === 'postgres'
      ? await pgDriver(options.url)
      : await pgliteDriver(options.dataDir ?? '')
  try {
    await run('warm-up', driver.select, durations.warmUp)
    const select = await run('one-row PK select', driver.select, durations.run)
    await run('warm-up', driver.upsert, durations.warmUp)
    const upsert = await run('one-row upsert transaction', driver.upsert, durations.run)
    return { select, upsert }
  } finally {
    await driver.close()
  }
}

const rate = (n: number) => Math.round(n).toLocaleString('en-US')

/** The floors' lines, and what each row is compared with. */
export function floorLines(kind: string, floors: Floors): string[] {
  const line = (f: Floor) =>
    `  ${f.label}: ${rate(f.perSecond)}/s, p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms`
  return [
    `Database floor (${kind}, raw driver in the bench process, ${FLOOR_WORKERS} at once):`,
    line(floors.select),
    line(floors.upsert),
  ]
}

/** `req/s` as a share of the floor's operations per second. */
export const ofFloor = (perSecond: number, floor: Floor) =>
  `${((100 * perSecond) / floor.perSecond).toFixed(1)} % of the ${floor.label} floor (${rate(floor.perSecond)}/s)`
