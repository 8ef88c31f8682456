// The statements the real server sends for each of a project's reads: the app built in this
// process on the seeded database, each read called with app.inject as one seeded builder, and
// the statements read off the pool's connections while the call runs.
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type pg from 'pg'
import { routes } from '../../contract/routes'
import { buildApp } from '../../server/app'
import { rowsOf, type Database } from '../../server/db/driver/client'
import { signAccessToken } from '../../server/plugins/core/access'
import { readSettings } from '../../server/settings'

/** The path parameters a read is called with: the project's own thread. */
const PATH_PARAMS: Record<string, string> = { thread: 'project' }

/** The builder's reads that answer JSON: GET, access builder, no `sends`. */
function projectReads(): { name: string; url: string }[] {
  return Object.entries(routes).flatMap(([name, route]) => {
    if (route.method !== 'GET' || route.access !== 'builder' || 'sends' in route) return []
    const url = route.path.replace(/:(\w+)/g, (_, param: string) => {
      const value = PATH_PARAMS[param]
      if (value === undefined) throw new Error(`${name}: no value for its parameter :${param}`)
      return value
    })
    return [{ name, url }]
  })
}

export type Statement = { text: string; values: unknown[] }
type ClientQuery = (config: string | pg.QueryConfig, values?: unknown[]) => Promise<unknown>

/**
 * The statements sent on the pool's connections while `run` runs, read where each connection is
 * checked out: the pool's `query` checks one out for each statement, and a transaction holds one
 * for all of its own, which a spy on the pool's `query` alone would miss.
 */
async function statementsDuring(pool: pg.Pool, run: () => Promise<void>): Promise<Statement[]> {
  const sent: Statement[] = []
  const own = pool as unknown as { connect: () => Promise<pg.PoolClient> }
  const connect = own.connect
  // A connection comes back many times in one call: its `query` is spied on the first time.
  const spied = new Map<{ query: ClientQuery }, ClientQuery>()
  own.connect = async () => {
    const connection = await connect.call(pool)
    const client = connection as unknown as { query: ClientQuery }
    if (spied.has(client)) return connection
    const query = client.query
    spied.set(client, query)
    client.query = (config, values) => {
      const text = typeof config === 'string' ? config : config.text
      const given = typeof config === 'string' ? undefined : config.values
      sent.push({ text, values: values ?? given ?? [] })
      return query.call(connection, config, values)
    }
    return connection
  }
  try {
    await run()
  } finally {
    own.connect = connect
    for (const [client, query] of spied) client.query = query
  }
  return sent
}

async function call(app: FastifyInstance, url: string, token: string): Promise<void> {
  const answer = await app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${token}` },
  })
  if (answer.statusCode !== 200) {
    throw new Error(`GET ${url} answered ${answer.statusCode}: ${answer.body.slice(0, 300)}`)
  }
}

/** A builder client in the middle of the seeded list (its city served). */
async function someBuilder(database: Database, clients: number): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(
    database.db,
    sql`select user_id as id from clients where not on_waiting order by user_id
      offset ${Math.floor(clients / 3)} limit 1`,
  )
  if (!row) throw new Error('no builder client was seeded')
  return row.id
}

/** The real app in this process on `database`, ready (its start-up sweep done). */
export async function startApp(database: Database, workDir: string): Promise<FastifyInstance> {
  const dataDir = path.join(workDir, 'explain-data')
  await fs.mkdir(dataDir, { recursive: true })
  const settings = readSettings({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    MAIL_OUTBOX_DIR: path.join(workDir, 'outbox'),
    // No notification run while the calls are read.
    NOTIFY_INTERVAL: '86400',
  })
  const app = await buildApp({ settings, database, secret: crypto.randomBytes(32), distDir: null })
  await app.ready()
  return app
}

/** Each read's statements, read off a second call (the first also reads the project's version). */
export async function captureReads(
  app: FastifyInstance,
  database: Database,
  clients: number,
): Promise<Map<string, Statement[]>> {
  const token = signAccessToken(app, { id: await someBuilder(database, clients), role: 'CLIENT' })
  const pool = (database.db as unknown as { $client: pg.Pool }).$client
  const captured = new Map<string, Statement[]>()
  for (const { url } of projectReads()) {
    await call(app, url, token)
    captured.set(url, await statementsDuring(pool, () => call(app, url, token)))
  }
  return captured
}
