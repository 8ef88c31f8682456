import { sql } from 'drizzle-orm'
import pg from 'pg'
import { vi } from 'vitest'
import { rowsOf } from '../../server/db/driver/client'
import type { TestApp } from './build'

// The statements a server sends while a call runs, read where each driver sends them: for tests
// that hold a call to the round trips it may spend.

/** The C string at `at` of a protocol message, and where the next field starts. */
function cString(message: Uint8Array, at: number): [string, number] {
  const end = message.indexOf(0, at)
  return [new TextDecoder().decode(message.subarray(at, end)), end + 1]
}

/**
 * The statements PGlite runs while `run` runs, read off the protocol messages it is sent: each
 * Bind is one statement, a named one (see preparedStatement) looked up by its name.
 */
async function pgliteStatementsDuring(on: TestApp, run: () => Promise<unknown>) {
  const { $client } = on.app.db as unknown as {
    $client: { execProtocolStream: (message: Uint8Array, ...rest: unknown[]) => unknown }
  }
  const sent = vi.spyOn($client, 'execProtocolStream')
  const bound: string[] = []
  let unnamed = ''
  try {
    await run()
    for (const [message] of sent.mock.calls) {
      // After the type byte and the length: Parse names the statement, Bind its portal first.
      const [first, next] = cString(message, 5)
      if (message[0] === 0x50 && first === '') unnamed = cString(message, next)[0]
      if (message[0] !== 0x42) continue
      const statement = cString(message, next)[0]
      bound.push(statement === '' ? unnamed : statement)
    }
  } finally {
    sent.mockRestore()
  }
  const named = await rowsOf<{ name: string; statement: string }>(
    on.app.db,
    sql`select name, statement from pg_prepared_statements`,
  )
  const texts = new Map(named.map((row) => [row.name, row.statement]))
  return bound.map((name) => texts.get(name) ?? name)
}

/** A transaction's own statements, which PGlite is sent as simple queries and not counted. */
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i

/**
 * The statements `on` sends while `run` runs: PGlite's, or those of every connection of its
 * PostgreSQL pool, in a transaction too (a transaction holds a connection of its own, so the
 * statements are read where any of the pool's connections sends them).
 */
export async function statementsDuring(
  on: TestApp,
  run: () => Promise<unknown>,
): Promise<string[]> {
  if (on.database.kind === 'pglite') return pgliteStatementsDuring(on, run)
  const { $client: pool } = on.app.db as unknown as { $client: { _clients: unknown[] } }
  const query = vi.spyOn(pg.Client.prototype, 'query')
  try {
    await run()
    return query.mock.calls.flatMap(([statement], i) => {
      if (!pool._clients.includes(query.mock.contexts[i])) return []
      const text = typeof statement === 'string' ? statement : (statement as { text: string }).text
      return TRANSACTION_CONTROL.test(text) ? [] : [text]
    })
  } finally {
    query.mockRestore()
  }
}
