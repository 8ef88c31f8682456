import { sql, type SQL } from 'drizzle-orm'

/**
 * A JSON array, as text, of the `json` texts of the rows `keep` keeps, in the order the rows
 * come: an aggregate, for a select whose rows PostgreSQL has sorted already.
 */
export const jsonArray = (json: SQL, keep: SQL = sql`true`): SQL<string> =>
  sql<string>`'[' || coalesce(string_agg(${json}, ',') filter (where ${keep}), '') || ']'`
