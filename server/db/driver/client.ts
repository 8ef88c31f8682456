// Opens the database on either driver (PGlite in process, or PostgreSQL through a pool),
// migrates it, and runs statements on it. What may change here: how a connection is opened,
// pooled and prepared on, as long as both drivers answer every statement alike. What may not:
// the migrations applied before the app answers (under an advisory lock on PostgreSQL), and the
// signatures of `Db`, `Tx` and the statement helpers, which every repository uses.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite, type QueryOptions } from '@electric-sql/pglite'
import { fillPlaceholders, type SQL } from 'drizzle-orm'
import {
  PgDialect,
  PgTransaction,
  type PgDatabase,
  type PgQueryResultHKT,
} from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { listenPostgres, type ChannelHandlers, type Unlisten } from './listener'
import { preparedOnPglite, quickerQueries, RAW_ROWS } from './pglite-wire'
import * as schema from '../schema'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** The rows of a raw statement, typed by the caller: both drivers answer `{ rows }`. */
export async function rowsOf<T>(query: Db | Tx, statement: SQL): Promise<T[]> {
  const result = (await query.execute(statement)) as { rows: T[] }
  return result.rows
}

/**
 * Reads side by side on the pool, one after another in a transaction: a transaction is one
 * connection, which runs one query at a time (node-postgres deprecates queueing a second).
 */
export async function readAll<T extends readonly unknown[]>(
  query: Db | Tx,
  reads: { [K in keyof T]: () => PromiseLike<T[K]> },
): Promise<T> {
  if (!(query instanceof PgTransaction)) {
    return (await Promise.all(reads.map((read) => read()))) as unknown as T
  }
  const results: unknown[] = []
  for (const read of reads) results.push(await read())
  return results as unknown as T
}

const dialect = new PgDialect()
/** One name per statement text: PostgreSQL refuses a name prepared again with other text. */
const statementNames = new Map<string, string>()

/** A hot statement: its text built once, its values bound at each call. */
export type PreparedStatement<T, V extends Record<string, unknown>> = {
  rows(db: Db | Tx, values: V): Promise<T[]>
}

/** The PGlite database `db` runs on, if it is one: a PGlite transaction's too. */
function pgliteOf(db: Db | Tx): PGlite | undefined {
  const { client } = (db._ as { session: { client?: unknown } }).session
  return client instanceof PGlite ? client : undefined
}

/** Whether `db` is PGlite, which runs one statement at a time in this process. */
export const runsOnPglite = (db: Db | Tx) => pgliteOf(db) !== undefined

/**
 * A hot statement whose every value is a `sql.placeholder` named in `V`: its text is built once
 * here, and it is prepared once per connection, so PostgreSQL plans it the first time and only
 * binds it after that, which halves the cost of the builder's CTEs. On PGlite it is prepared
 * once per database (see `preparedOnPglite`). Each statement keeps its name for the process's
 * life: make one per shape, at module level.
 */
export function preparedStatement<T, V extends Record<string, unknown>>(
  statement: SQL,
): PreparedStatement<T, V> {
  const query = dialect.sqlToQuery(statement)
  let name = statementNames.get(query.sql)
  if (name === undefined) {
    name = `poolpath_${statementNames.size + 1}`
    statementNames.set(query.sql, name)
  }
  const statementName = name
  return {
    async rows(db, values) {
      const client = pgliteOf(db)
      if (client) {
        const params = fillPlaceholders(query.params, values)
        const result = await preparedOnPglite(client, statementName, query.sql, params, RAW_ROWS)
        return result.rows as T[]
      }
      const prepared = db._.session.prepareQuery(query, undefined, statementName, false)
      const result = (await prepared.execute(values)) as { rows: T[] }
      return result.rows
    },
  }
}

type PglitePrepared = { client: unknown }

/**
 * `query.prepare(name)`, prepared by that name on PGlite as well: drizzle's PGlite driver takes
 * the name but parses the statement at every call.
 */
export function prepareNamed<Q extends object>(
  query: { prepare(name: string): Q },
  name: string,
): Q {
  const prepared = query.prepare(name)
  const driven = prepared as Q & PglitePrepared
  const { client } = driven
  if (client instanceof PGlite) {
    driven.client = {
      query: (text: string, params: unknown[], options: QueryOptions) =>
        preparedOnPglite(client, name, text, params, options),
    }
  }
  return prepared
}

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Hears the notifications on `channel` (PGlite: in this process, as each commit returns). */
  listen(channel: string, handlers: ChannelHandlers): Promise<Unlisten>
  close(): Promise<void>
}

export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'migrations',
)

// Any constant: serialises migrations when several servers start against one PostgreSQL.
const MIGRATION_LOCK = 7_041_966

export type DatabaseOptions =
  { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir?: string }

/** Opens PostgreSQL or PGlite and applies the generated migrations before answering. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') return openPostgres(options.url)
  return usePglite(await PGlite.create(options.dataDir ? { dataDir: options.dataDir } : {}))
}

/** Wraps an open PGlite (on disk, in memory or loaded from a dump) and migrates it. */
export async function usePglite(client: PGlite): Promise<Database> {
  quickerQueries(client)
  const db = drizzlePglite(client, { schema })
  await migratePglite(db, { migrationsFolder })
  const listen: Database['listen'] = async (channel, handlers) => {
    const unlisten = await client.listen(channel, handlers.notify)
    handlers.listening()
    return () => unlisten()
  }
  return { db, kind: 'pglite', listen, close: () => client.close() }
}

/**
 * `pool` for drizzle, whose queries outside a transaction go through its `query`, with that
 * `query` giving the connection back after a query PostgreSQL refused. pg-pool's own closes the
 * connection of every failed query, so each write a constraint answers (a sixth quote's 409)
 * cost a new backend process, its sign-in and its statements planned again: under load the
 * refusals queued for connections by the second (docs/benchmark.md). After an error of severity
 * ERROR the session goes on, ready for the next query; anything else (FATAL, PANIC, a
 * connection lost or broken) still closes the connection. drizzle only ever calls
 * `query(config, values)` and awaits it, the one form this `query` takes.
 */
export function keepingRefusedConnections(pool: pg.Pool): pg.Pool {
  const query = async (config: string | pg.QueryConfig, values?: unknown[]) => {
    const client = await pool.connect()
    let keep = true
    try {
      return await client.query(config, values)
    } catch (error) {
      keep = error instanceof pg.DatabaseError && error.severity === 'ERROR'
      throw error
    } finally {
      // `release(true)` closes the connection.
      client.release(!keep)
    }
  }
  pool.query = query as typeof pool.query
  return pool
}

async function openPostgres(url: string): Promise<Database> {
  const lockClient = new pg.Client({ connectionString: url })
  await lockClient.connect()
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
    await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder })
  } finally {
    await lockClient.end()
  }
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined)
  return {
    db: drizzlePg(keepingRefusedConnections(pool), { schema }),
    kind: 'postgres',
    listen: (channel, handlers) => listenPostgres(url, channel, handlers),
    close: () => pool.end(),
  }
}
