// `npm run bench -- --only explain --db postgres`: for each of a project's reads, the statements
// the real server sends for it (explain-capture.ts) and each one's plan, EXPLAIN (ANALYZE,
// BUFFERS) with the same parameters, on 10,000 seeded clients with projects.
import pg from 'pg'
import { openDatabase } from '../../server/db/driver/client'
import { seedAdminData, seededSummary } from './admin-seed'
import { captureReads, startApp, type Statement } from './explain-capture'
import { loadAverage } from './header'
import { projectsSummary, seedProjects } from './project-seed'
import { progress } from './run'
import type { ScratchDatabases } from './scratch-db'
import { BENCH_ADMIN_EMAIL } from './servers'
import { textTable } from './text-table'

export const EXPLAIN_CLIENTS = 10_000

/**
 * The plan of one statement as the server sent it, in a transaction rolled back after; with
 * `seqScanOff`, the plan the planner falls back to when it may not scan a table whole.
 */
async function planOf(client: pg.Client, statement: Statement, seqScanOff = false) {
  if (!/^\s*(select|with|insert|update|delete)\b/i.test(statement.text)) return []
  await client.query('begin')
  try {
    if (seqScanOff) await client.query('set local enable_seqscan = off')
    const result = await client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers, costs off) ${statement.text}`,
      statement.values,
    )
    return result.rows.map((row) => row['QUERY PLAN'])
  } finally {
    await client.query('rollback')
  }
}

/** The tables of a project's rows (those with a client_id), with their rows. */
async function projectTables(client: pg.Client): Promise<Map<string, number>> {
  const result = await client.query<{ name: string; rows: string }>(
    `select c.relname as name, c.reltuples::bigint as rows from pg_class c
      join information_schema.columns k on k.table_name = c.relname
      where k.table_schema = 'public' and k.column_name = 'client_id' and c.relkind = 'r'`,
  )
  return new Map(result.rows.map((row) => [row.name, Math.max(0, Number(row.rows))]))
}

const seqScansOn = (plan: string[], tables: Map<string, number>) => [
  ...new Set(
    plan.flatMap((line) => {
      const table = /Seq Scan on "?(\w+)"?/.exec(line)?.[1]
      return table !== undefined && tables.has(table) ? [table] : []
    }),
  ),
]

/**
 * Each Seq Scan on a table of project rows, and whether an index could serve it: the statement
 * planned again without whole-table scans still scans a table that has no index for it.
 */
async function seqScansOf(
  client: pg.Client,
  statement: Statement,
  plan: string[],
  tables: Map<string, number>,
): Promise<SeqScan[]> {
  const scanned = seqScansOn(plan, tables)
  if (scanned.length === 0) return []
  const still = seqScansOn(await planOf(client, statement, true), tables)
  return scanned.map((table) => ({
    table,
    rows: tables.get(table) ?? 0,
    indexed: !still.includes(table),
  }))
}

const executionMs = (plan: string[]) =>
  Number(/Execution Time: ([\d.]+) ms/.exec(plan.at(-1) ?? '')?.[1] ?? 0)

type SeqScan = { table: string; rows: number; indexed: boolean }
type Explained = {
  url: string
  plans: { statement: Statement; plan: string[]; seqScans: SeqScan[] }[]
}

/** `--only explain`: seeds the projects, reads each read's statements, prints their plans. */
export async function explainReads(databases: ScratchDatabases, workDir: string): Promise<void> {
  const scratch = await databases.make('explain')
  if (scratch.options.kind !== 'postgres') throw new Error('--only explain needs --db postgres')
  progress(`seeding ${EXPLAIN_CLIENTS.toLocaleString('en-US')} clients and their projects`)
  await seedAdminData(scratch.options, BENCH_ADMIN_EMAIL, EXPLAIN_CLIENTS)
  const database = await openDatabase(scratch.options)
  const app = await startApp(database, workDir)
  let captured: Map<string, Statement[]>
  try {
    // The server's start-up sweep deletes the rows of files whose bytes it does not find (the
    // seed stores none): the projects' rows go in once it has run.
    await seedProjects(scratch.options)
    progress("reading each project read's statements")
    captured = await captureReads(app, database, EXPLAIN_CLIENTS)
  } finally {
    await app.close()
  }
  const client = new pg.Client({ connectionString: scratch.options.url })
  await client.connect()
  try {
    const tables = await projectTables(client)
    const explained: Explained[] = []
    for (const [url, statements] of captured) {
      const plans = []
      for (const statement of statements) {
        const plan = await planOf(client, statement)
        plans.push({ statement, plan, seqScans: await seqScansOf(client, statement, plan, tables) })
      }
      explained.push({ url, plans })
    }
    console.log('')
    console.log(`${seededSummary(EXPLAIN_CLIENTS)}; ${projectsSummary()}`)
    console.log(
      `Plans: EXPLAIN (ANALYZE, BUFFERS, COSTS OFF), each statement once, after its read ran twice; ${loadAverage()}`,
    )
    for (const { url, plans } of explained) printRead(url, plans)
    console.log('')
    console.log(
      'Each read: its statements, their execution time added up, and its Seq Scans on tables of ' +
        'project rows: those no index could serve, and those the planner chose over an index ' +
        '(planned again with enable_seqscan off), on tables small enough to read whole',
    )
    console.log(summaryTable(explained))
  } finally {
    await client.end()
  }
}

function printRead(url: string, plans: Explained['plans']) {
  console.log('')
  console.log(`GET ${url}: ${plans.length} statements`)
  plans.forEach(({ statement, plan, seqScans }, i) => {
    console.log(`  [${i + 1}] ${statement.text.replace(/\s+/g, ' ')}`)
    console.log(`      parameters: ${JSON.stringify(statement.values)}`)
    if (plan.length === 0) console.log('      (no plan: not a query)')
    for (const line of plan) console.log(`      ${line}`)
    for (const scan of seqScans) console.log(`      ! Seq Scan on ${seqScanNote(scan)}`)
  })
}

const seqScanNote = ({ table, rows, indexed }: SeqScan) =>
  `${table} (${rows.toLocaleString('en-US')} rows when analyzed; ${indexed ? 'an index serves it' : 'NO INDEX'})`

function summaryTable(explained: Explained[]): string {
  const rows = explained.map(({ url, plans }) => {
    const scans = new Map(plans.flatMap(({ seqScans }) => seqScans.map((s) => [s.table, s])))
    const unindexed = [...scans.values()].filter((scan) => !scan.indexed)
    const ms = plans.reduce((sum, { plan }) => sum + executionMs(plan), 0)
    return [
      `GET ${url}`,
      unindexed.length > 0 ? unindexed.map(seqScanNote).join(', ') : 'none',
      String(plans.length),
      ms.toFixed(2),
      String(scans.size - unindexed.length),
    ]
  })
  const header = [
    'read',
    'Seq Scan on project rows, no index',
    'statements',
    'execution ms',
    'Seq Scans an index serves',
  ]
  return textTable([header, ...rows], 2)
}
