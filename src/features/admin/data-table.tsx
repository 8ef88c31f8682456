import {
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useReducer,
  useState,
  type ReactNode,
} from 'react'
import { downloadCsv, toCsv } from '../../lib/csv'
import { inIdleTime } from '../../lib/idle'
import { cellText, type Column } from './columns'
import { TableBody } from './table-body'
import { matching, searchTexts, sorter, sortComing, tableLines, type Sort } from './table-view'

/** About a millisecond's work for a row of the Clients section. */
const TEXTS_PER_STEP = 500

type DataTableProps<T extends { id: string }> = {
  /** The table's caption; the search box and the CSV are named after it. */
  caption: string
  rows: readonly T[]
  columns: readonly Column<T>[]
  /** What the CSV holds, when a spreadsheet wants more than fits on screen; `columns` otherwise. */
  csvColumns?: readonly Column<T>[]
  /** The CSV file's name, without ".csv". */
  csvName: string
  /** What an empty list means, e.g. "No cities yet. Add the first one." */
  emptyText: string
  /** Buttons for one row (edit, delete), in a last "Actions" column. */
  actions?: (row: T) => ReactNode
  /** Controls beside search and export, e.g. "Add city". */
  toolbar?: ReactNode
  initialSort?: Sort
  /** Rows in groups (e.g. by city), each under a heading row; the largest group first. */
  groupBy?: (row: T) => string
}

/**
 * An admin list: search over every column's text, sort by any column (the header is a button,
 * the sorted one carries aria-sort), export what is shown as CSV, and say so when it is empty.
 * Search, sort and export work on the whole list; a long one renders only the rows in view
 * (table-body.tsx). Too narrow for its columns (a phone), each row is a card whose cells carry
 * their column's header as a label (`data-label`, admin.css); the table stays a table for
 * screen readers.
 */
export function DataTable<T extends { id: string }>(props: DataTableProps<T>) {
  const { caption, rows, columns, csvName, emptyText, actions, toolbar, initialSort, groupBy } =
    props
  const csvColumns = props.csvColumns ?? columns
  const [query, setQuery] = useState('')
  const [sort, setSort] = useState<Sort | null>(initialSort ?? null)
  const searchId = useId()
  const captionId = useId()

  const texts = useMemo(() => searchTexts(rows, columns), [rows, columns])
  // Ready before the first keystroke: a few hundred rows' texts at a time while the page is idle.
  useEffect(() => inIdleTime(() => texts.step(TEXTS_PER_STEP)), [texts])
  const orderOf = useMemo(() => sorter(rows, columns), [rows, columns])
  // A long list shows its first rows in order until the worker's whole order arrives.
  const [ordersArrived, orderArrived] = useReducer((arrived: number) => arrived + 1, 0)
  useEffect(() => {
    let open = true
    void sortComing(rows, columns, sort)?.then(() => open && orderArrived())
    return () => {
      open = false
    }
  }, [rows, columns, sort])
  // The field shows each keystroke at once; the rows follow when React has time.
  const needle = useDeferredValue(query).trim().toLowerCase()
  const shown = useMemo(
    () => matching(rows, needle === '' ? [] : texts.all(), orderOf(sort), needle),
    // `ordersArrived` is read by orderOf: a provisional order is replaced by the worker's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rows, texts, orderOf, sort, needle, ordersArrived],
  )
  const lines = useMemo(() => tableLines(shown, groupBy), [shown, groupBy])

  const sortBy = (key: string) =>
    setSort((current) =>
      current?.key === key && current.direction === 'ascending'
        ? { key, direction: 'descending' }
        : { key, direction: 'ascending' },
    )

  const exportCsv = () => {
    const csv = toCsv(
      csvColumns.map((c) => c.header),
      lines.rows.map((row) => csvColumns.map((c) => (c.csv ? c.csv(row) : cellText(c, row)))),
    )
    downloadCsv(`${csvName}.csv`, csv)
  }

  return (
    <div className="data-table">
      <div className="table-toolbar">
        <div className="table-search">
          <label htmlFor={searchId}>Search {caption.toLowerCase()}</label>
          <input
            id={searchId}
            type="search"
            className="field-input"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        <div className="table-actions">
          {toolbar}
          <button
            type="button"
            className="button button-secondary"
            onClick={exportCsv}
            disabled={shown.length === 0}
            aria-describedby={shown.length > 0 ? captionId : undefined}
          >
            Export CSV
          </button>
        </div>
      </div>
      {shown.length === 0 ? (
        <p className="table-empty" role="status">
          {rows.length === 0 ? emptyText : `Nothing matches “${query.trim()}”.`}
        </p>
      ) : (
        <TableBody
          caption={caption}
          captionId={captionId}
          columns={columns}
          lines={lines}
          actions={actions}
          header={
            <tr aria-rowindex={1}>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={column.numeric ? 'numeric' : undefined}
                  aria-sort={sort?.key === column.key ? sort.direction : undefined}
                >
                  <button type="button" className="sort-button" onClick={() => sortBy(column.key)}>
                    {column.header}
                    <span className="sort-mark" aria-hidden="true">
                      {sort?.key !== column.key ? '↕' : sort.direction === 'ascending' ? '▲' : '▼'}
                    </span>
                  </button>
                </th>
              ))}
              {actions && (
                <th scope="col" className="row-actions">
                  Actions
                </th>
              )}
            </tr>
          }
        />
      )}
    </div>
  )
}
