import Papa from 'papaparse'

/**
 * A text that starts like a formula (= + - @, a tab or a return) is quoted with a leading ' so a
 * spreadsheet shows it rather than runs it; a signed number is left a number.
 */
const FORMULA = /^[=+\-@\t\r](?![\d.]+$)/

/** RFC 4180 CSV (CRLF lines, quoted where needed) of a header row and its rows. */
export const csvOf = (fields: readonly string[], rows: readonly (string | number)[][]) =>
  Papa.unparse(
    { fields: [...fields], data: rows.map((row) => [...row]) },
    { escapeFormulae: FORMULA, newline: '\r\n' },
  )

/** Cents as the exports write them: dollars with two decimals, no currency sign ("9800.00"). */
export const csvDollars = (cents: number) => (cents / 100).toFixed(2)
