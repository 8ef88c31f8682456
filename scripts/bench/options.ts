// The bench's command line: `npm run bench -- --db postgres --sizes 1000,10000,50000`.
import { parseArgs } from 'node:util'

export type BenchDb = 'pglite' | 'postgres'

export type BenchOptions = {
  db: BenchDb
  /** PostgreSQL's server (BENCH_DATABASE_URL); the bench makes and drops its own databases. */
  url: string | null
  /** The back office's sizes, in clients, each seeded and measured in turn. */
  sizes: number[]
  /**
   * `admin-fetch`: the database's floor and the admin fetch's rows at each size, alone;
   * `writes`: the floor, POST /api/refresh and the builder's writes, alone;
   * `trades`: the trade portal's page weight, the floor and GET /api/trade, alone;
   * `exports`: a waiver and the schedule of values as PDFs for 40 draws, alone;
   * `messages`: the floor and POST /api/threads/project/messages, alone;
   * `reads`: the floor and a project's reads (timeline, money, files) and their 304s, alone;
   * `explain`: each of a project's reads' statements and their plans at 10,000 clients
   * (PostgreSQL only);
   * `first-paint`: the bundles, and Lighthouse on /login and on the signed-in Overview, alone.
   */
  only:
    | 'admin-fetch'
    | 'writes'
    | 'trades'
    | 'exports'
    | 'passport'
    | 'messages'
    | 'reads'
    | 'explain'
    | 'first-paint'
    | null
}

/** A few minutes on 2 cores; 50,000 clients on request. */
const DEFAULT_SIZES = [1_000, 10_000]

function sizesOf(raw: string | undefined): number[] {
  if (raw === undefined) return DEFAULT_SIZES
  const sizes = raw.split(',').map((part) => Number(part.replaceAll('_', '').trim()))
  if (sizes.some((n) => !Number.isInteger(n) || n < 100 || n % 100 !== 0)) {
    throw new Error(
      `--sizes takes client counts that are multiples of 100, e.g. 1000,10000; got "${raw}"`,
    )
  }
  return sizes
}

export function benchOptions(argv: string[], env: NodeJS.ProcessEnv): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      db: { type: 'string', default: 'pglite' },
      sizes: { type: 'string' },
      only: { type: 'string' },
    },
    strict: true,
  })
  const { db, only = null } = values
  if (db !== 'pglite' && db !== 'postgres')
    throw new Error(`--db takes pglite or postgres, got "${db}"`)
  const groups = [
    'admin-fetch',
    'writes',
    'trades',
    'exports',
    'passport',
    'messages',
    'reads',
    'explain',
    'first-paint',
  ] as const
  if (only !== null && !groups.some((group) => group === only))
    throw new Error(`--only takes ${groups.join(', ')}, got "${only}"`)
  const url = env.BENCH_DATABASE_URL || null
  if (db === 'postgres' && url === null) {
    throw new Error(
      '--db postgres needs BENCH_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test',
    )
  }
  // PGlite plans for its one in-process connection: the plans that matter are PostgreSQL's.
  if (only === 'explain' && db !== 'postgres') {
    throw new Error(
      '--only explain runs on PostgreSQL alone: add --db postgres (and BENCH_DATABASE_URL)',
    )
  }
  return { db, url, sizes: sizesOf(values.sizes), only: only as BenchOptions['only'] }
}
