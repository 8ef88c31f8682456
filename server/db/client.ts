import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import type { SQL } from 'drizzle-orm'
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
import * as schema from './schema'

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

/**
 * `rowsOf` for a hot statement, prepared once per connection: PostgreSQL plans it the first time
 * and only binds it after that, which halves the cost of the builder's CTEs. Its text must come
 * from a few fixed shapes, every value a parameter (each text keeps a name for the process's
 * life). PGlite has no named statements and parses each one, as `rowsOf` does.
 */
export async function preparedRowsOf<T>(db: Db, statement: SQL): Promise<T[]> {
  const query = dialect.sqlToQuery(statement)
  let name = statementNames.get(query.sql)
  if (name === undefined) {
    name = `poolpath_${statementNames.size + 1}`
    statementNames.set(query.sql, name)
  }
  const result = (await db._.session.prepareQuery(query, undefined, name, false).execute()) as {
    rows: T[]
  }
  return result.rows
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
  const db = drizzlePglite(client, { schema })
  await migratePglite(db, { migrationsFolder })
  const listen: Database['listen'] = async (channel, handlers) => {
    const unlisten = await client.listen(channel, handlers.notify)
    handlers.listening()
    return () => unlisten()
  }
  return { db, kind: 'pglite', listen, close: () => client.close() }
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
    db: drizzlePg(pool, { schema }),
    kind: 'postgres',
    listen: (channel, handlers) => listenPostgres(url, channel, handlers),
    close: () => pool.end(),
  }
}
