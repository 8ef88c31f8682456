import { sql } from 'drizzle-orm'
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

/** The statements `on` sends through its pool (PGlite: its one handle) while `run` runs. */
export async function statementsDuring(
  on: TestApp,
  run: () => Promise<unknown>,
): Promise<string[]> {
  if (on.database.kind === 'pglite') return pgliteStatementsDuring(on, run)
  const { $client } = on.app.db as unknown as {
    $client: { query: (...args: unknown[]) => unknown }
  }
  const query = vi.spyOn($client, 'query')
  try {
    await run()
    return query.mock.calls.map(([statement]) => (statement as { text: string }).text)
  } finally {
    query.mockRestore()
  }
}
