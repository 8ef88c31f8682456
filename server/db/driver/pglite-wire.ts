// The PGlite wire protocol, spoken directly: a query in two calls to PGlite rather than six, a
// prepared statement in one. What may change here: how PGlite is driven, as long as every
// statement answers exactly what PGlite's own `query` would (tests/server/prepared-statements
// and one-query-at-a-time hold it to that). What may not: PGlite's locks (its query lock, and its
// transaction lock outside a transaction), nor the data directory synced after each call outside
// a transaction.
import type { PGlite } from '@electric-sql/pglite'
import { parse, protocol, types, type QueryOptions, type Results } from '@electric-sql/pglite'

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
export const RAW_ROWS: QueryOptions = { rowMode: 'object' }

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
export function quickerQueries(client: PGlite) {
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
export function preparedOnPglite(
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
