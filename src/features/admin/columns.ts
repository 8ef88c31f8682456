import type { ReactNode } from 'react'
import { formatMoney } from '../../lib/money'

/** One column of an admin table. */
export type Column<T> = {
  key: string
  header: string
  /** What the column sorts by. */
  value: (row: T) => string | number
  /** What it shows, searches and exports; `value` as text when absent. */
  text?: (row: T) => string
  /** Richer markup than the text, when the cell needs it. */
  render?: (row: T) => ReactNode
  /** What the CSV holds, when a spreadsheet wants something else than the text (e.g. dollars). */
  csv?: (row: T) => string | number
  numeric?: boolean
}

export const cellText = <T>(column: Column<T>, row: T) =>
  column.text ? column.text(row) : String(column.value(row))

export const textColumn = <T>(key: string, header: string, get: (row: T) => string): Column<T> => ({
  key,
  header,
  value: get,
})

/** Money: sorted by cents, shown in dollars, exported as a plain dollar number. */
export const moneyColumn = <T>(
  key: string,
  header: string,
  get: (row: T) => number,
): Column<T> => ({
  key,
  header,
  value: get,
  text: (row) => formatMoney(get(row)),
  csv: (row) => get(row) / 100,
  numeric: true,
})

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

/** A timestamp: sorted by time, shown as a readable date, exported as ISO. */
export const dateColumn = <T>(key: string, header: string, get: (row: T) => string): Column<T> => ({
  key,
  header,
  value: (row) => Date.parse(get(row)),
  text: (row) => dateTime.format(new Date(get(row))),
  csv: get,
})

export const formatDateTime = (time: number) => dateTime.format(new Date(time))
