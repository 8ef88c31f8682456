import { sql, type AnyColumn, type SQL } from 'drizzle-orm'

/**
 * A timestamptz as the wire writes instants, made by PostgreSQL: what JavaScript's
 * `toISOString()` gives for the Date the driver would read (UTC, milliseconds cut, not rounded,
 * and a Z), so JSON built in SQL is the JSON built from rows.
 */
export const wireTime = (column: AnyColumn | SQL): SQL<string> =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
