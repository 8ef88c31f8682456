import path from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  parse,
  PGlite,
  protocol,
  types,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite'
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

/**
 * The types drizzle's PGlite driver reads as the text PostgreSQL sent (dates and times, and
 * numeric, time and date arrays): it passes them as each query's own parsers.
 */
const TEXT_TYPES = new Set<string>(
  [
    types.TIMESTAMP,
    types.TIMESTAMPTZ,
    types.INTERVAL,
    types.DATE,
    1231,
    1115,
    1185,
    1187,
    1182,
  ].map(String),
)
const asText = (value: string) => value
const RAW_ROWS: QueryOptions = { rowMode: 'object' }

/**
 * A query's options without drizzle's text parsers, which the database's own parsers hold (see
 * `quickerQueries`); any other parser stays the query's own.
 */
function withoutTextParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers
  if (!parsers || !Object.keys(parsers).every((type) => TEXT_TYPES.has(type))) return options
  return { ...options, parsers: undefined }
}

/**
 * Gives the database drizzle's text parsers as its own, and runs each query in two calls to
 * PGlite rather than six (see `unnamedOnPglite`): PGlite merges a query's parsers into its own
 * 318 at every call, which took about 120 µs a query, more than a one-row statement itself.
 */
function quickerQueries(client: PGlite) {
  for (const type of TEXT_TYPES) client.parsers[type] = asText
  const query = client.query.bind(client)
  client.query = async <T>(text: string, params?: unknown[], options?: QueryOptions) =>
    options?.blob
      ? query<T>(text, params, options)
      : unnamedOnPglite<T>(client, false, text, params, options)
  const transaction = client.transaction.bind(client)
  client.transaction = (callback) =>
    transaction((tx) => {
      const txQuery = tx.query
      tx.query = async <T>(text: string, params?: unknown[], options?: QueryOptions) =>
        tx.closed || options?.blob
          ? txQuery<T>(text, params, options)
          : unnamedOnPglite<T>(client, true, text, params, options)
      return callback(tx)
    })
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

/** The parameter types of each statement prepared on a PGlite database, by statement name. */
const pgliteStatements = new WeakMap<PGlite, Map<string, number[]>>()

type Run = (message: Uint8Array) => ReturnType<PGlite['execProtocolStream']>

/**
 * Runs `call` as PGlite's own `query` runs a statement: on a database still open, under its
 * query lock, and its transaction lock too unless the call is a transaction's (which holds it),
 * with the data directory synced after a call outside a transaction.
 */
function onPglite(
  client: PGlite,
  inTransaction: boolean,
  call: (run: Run) => Promise<Results>,
): Promise<Results> {
  const run: Run = (message) => client.execProtocolStream(message, { syncToFs: false })
  const locked = async () => {
    await client._checkReady()
    return client._runExclusiveQuery(async () => {
      const result = await call(run)
      if (!inTransaction) await client.syncToFs()
      return result
    })
  }
  return inTransaction ? locked() : client._runExclusiveTransaction(locked)
}

/** Parses `text` as statement `name` ('' the unnamed one): its parameter types, in one call. */
async function parseStatement(run: Run, name: string, text: string): Promise<number[]> {
  const { serialize } = protocol
  try {
    return parse.parseDescribeStatementResults(
      await run(
        Buffer.concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name })]),
      ),
    )
  } catch (error) {
    // PostgreSQL skips what follows an error up to a Sync.
    await run(serialize.sync())
    throw error
  }
}

/**
 * Binds `params` to statement `name` and runs it, its Bind, Describe, Execute and Sync in one
 * call: after an error PostgreSQL skips to the Sync, answers ReadyForQuery, and PGlite then
 * throws the error. The values are serialized, and the rows parsed, as PGlite's `query` does.
 */
async function bindAndRun(
  client: PGlite,
  run: Run,
  name: string,
  paramTypes: number[],
  params: unknown[],
  options: QueryOptions | undefined,
): Promise<Results> {
  const { serialize } = protocol
  const values = params.map((value, i) => {
    if (value === null || value === undefined) return null
    const type = paramTypes[i] ?? 0
    const serializer = options?.serializers?.[type] ?? client.serializers[type]
    return serializer ? serializer(value) : String(value)
  })
  const messages = await run(
    Buffer.concat([
      serialize.bind({ statement: name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]),
  )
  const [result] = parse.parseResults(messages, client.parsers, withoutTextParsers(options))
  return result ?? { rows: [], fields: [] }
}

/**
 * Runs statement `name` (parsed and described the first time on this database) with `params`,
 * in one call to PGlite.
 */
function preparedOnPglite(
  client: PGlite,
  name: string,
  text: string,
  params: unknown[],
  options: QueryOptions,
): Promise<Results> {
  const prepared = pgliteStatements.get(client) ?? new Map<string, number[]>()
  pgliteStatements.set(client, prepared)
  return onPglite(client, false, async (run) => {
    let paramTypes = prepared.get(name)
    if (paramTypes === undefined) {
      paramTypes = await parseStatement(run, name, text)
      prepared.set(name, paramTypes)
    }
    return bindAndRun(client, run, name, paramTypes, params, options)
  })
}

/**
 * Runs `text` as the unnamed statement, as PGlite's `query` does, in two calls to PGlite
 * (Parse and Describe, then the rest) where its `query` makes six.
 */
function unnamedOnPglite<T>(
  client: PGlite,
  inTransaction: boolean,
  text: string,
  params: unknown[] = [],
  options: QueryOptions | undefined,
): Promise<Results<T>> {
  const result = onPglite(client, inTransaction, async (run) =>
    bindAndRun(client, run, '', await parseStatement(run, '', text), params, options),
  )
  return result as Promise<Results<T>>
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
