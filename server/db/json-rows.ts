import {
  getTableColumns,
  sql,
  type Column,
  type InferSelectModel,
  type SQL,
  type Table,
} from 'drizzle-orm'
import { wireTime } from './wire-time'

/** An instant: written in JSON as the wire writes it, so it reads back as the driver's Date. */
const isInstant = (column: Column) => column.columnType === 'PgTimestamp'

/**
 * A row of `table` as a JSON object with drizzle's keys (and `extra`'s), for a read that
 * aggregates a list into one statement; `rowsFromJson` reads it back as drizzle reads a row.
 */
export function rowJson(table: Table, extra: Record<string, SQL | Column> = {}): SQL {
  const columns = Object.entries(getTableColumns(table)).map(
    ([key, column]) => [key, isInstant(column) ? wireTime(column) : column] as const,
  )
  const pairs = [...columns, ...Object.entries(extra)].map(
    ([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`,
  )
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`
}

/** The JSON array of `table`'s rows that `from` selects, in `orderBy`'s order (or none). */
export const rowsJson = (
  table: Table,
  from: SQL,
  orderBy?: SQL,
  extra?: Record<string, SQL | Column>,
) =>
  sql`select coalesce(json_agg(${rowJson(table, extra)}${orderBy ? sql` order by ${orderBy}` : sql``}), '[]') ${from}`

/** Rows of `table` from the JSON `rowJson` wrote, each value mapped as the driver's would be. */
export function rowsFromJson<T extends Table>(
  table: T,
  json: readonly Record<string, unknown>[],
): InferSelectModel<T>[] {
  const columns = Object.entries(getTableColumns(table))
  return json.map(
    (row) =>
      Object.fromEntries(
        columns.map(([key, column]) => {
          const value = row[key]
          return [
            key,
            value === null || value === undefined ? null : column.mapFromDriverValue(value),
          ]
        }),
      ) as InferSelectModel<T>,
  )
}
