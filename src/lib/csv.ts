import Papa from 'papaparse'
import { saveFile } from './save-file'

/** A table's CSV: a header row, then one row per item. Quoting is papaparse's job, not ours. */
export function toCsv(headers: readonly string[], rows: readonly (string | number)[][]): string {
  // Names, addresses and messages are typed by the public: a leading = + - @ must not become a
  // formula when the admin opens the file in a spreadsheet.
  return Papa.unparse(
    { fields: [...headers], data: rows.map((row) => [...row]) },
    { escapeFormulae: true },
  )
}

/** Hands `csv` to the browser as a download named `filename`. */
export function downloadCsv(filename: string, csv: string) {
  saveFile(filename, new Blob([csv], { type: 'text/csv;charset=utf-8' }))
}
