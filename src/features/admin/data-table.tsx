import { useId, useMemo, useState, type ReactNode } from 'react'
import { cellText, type Column } from './columns'
import { downloadCsv, toCsv } from '../../lib/csv'

type Sort = { key: string; direction: 'ascending' | 'descending' }

type DataTableProps<T extends { id: string }> = {
  /** The table's caption; the search box and the CSV are named after it. */
  caption: string
  rows: readonly T[]
  columns: readonly Column<T>[]
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

const collator = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' })

function compare(a: string | number, b: string | number) {
  return typeof a === 'number' && typeof b === 'number'
    ? a - b
    : collator.compare(String(a), String(b))
}

/** The rows by group, biggest group first (then by name); one unnamed group when not grouped. */
function groups<T>(rows: T[], groupBy: ((row: T) => string) | undefined) {
  if (!groupBy) return [{ name: '', members: rows }]
  const byName = new Map<string, T[]>()
  for (const row of rows) byName.set(groupBy(row), [...(byName.get(groupBy(row)) ?? []), row])
  return [...byName]
    .map(([name, members]) => ({ name, members }))
    .sort((a, b) => b.members.length - a.members.length || collator.compare(a.name, b.name))
}

/**
 * An admin list: search over every column's text, sort by any column (the header is a button,
 * the sorted one carries aria-sort), export what is shown as CSV, and say so when it is empty.
 * Too narrow for its columns (a phone), each row is a card whose cells carry their column's
 * header as a label (`data-label`, admin.css); the table stays a table for screen readers.
 */
export function DataTable<T extends { id: string }>(props: DataTableProps<T>) {
  const { caption, rows, columns, csvName, emptyText, actions, toolbar, initialSort, groupBy } =
    props
  const [query, setQuery] = useState('')
  const [sort, setSort] = useState<Sort | null>(initialSort ?? null)
  const searchId = useId()
  const captionId = useId()

  const shown = useMemo(() => {
    const needle = query.trim().toLowerCase()
    const matching = needle
      ? rows.filter((row) => columns.some((c) => cellText(c, row).toLowerCase().includes(needle)))
      : [...rows]
    const column = sort && columns.find((c) => c.key === sort.key)
    if (!sort || !column) return matching
    const sign = sort.direction === 'ascending' ? 1 : -1
    return matching.sort((a, b) => sign * compare(column.value(a), column.value(b)))
  }, [rows, columns, query, sort])

  const sortBy = (key: string) =>
    setSort((current) =>
      current?.key === key && current.direction === 'ascending'
        ? { key, direction: 'descending' }
        : { key, direction: 'ascending' },
    )

  const exportCsv = () => {
    const csv = toCsv(
      columns.map((c) => c.header),
      groups(shown, groupBy).flatMap(({ members }) =>
        members.map((row) => columns.map((c) => (c.csv ? c.csv(row) : cellText(c, row)))),
      ),
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
        <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
          <table>
            <caption id={captionId}>{caption}</caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th
                    key={column.key}
                    scope="col"
                    className={column.numeric ? 'numeric' : undefined}
                    aria-sort={sort?.key === column.key ? sort.direction : undefined}
                  >
                    <button
                      type="button"
                      className="sort-button"
                      onClick={() => sortBy(column.key)}
                    >
                      {column.header}
                      <span className="sort-mark" aria-hidden="true">
                        {sort?.key !== column.key
                          ? '↕'
                          : sort.direction === 'ascending'
                            ? '▲'
                            : '▼'}
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
            </thead>
            {groups(shown, groupBy).map(({ name, members }) => (
              <tbody key={name}>
                {groupBy && (
                  <tr className="group-row">
                    <th scope="colgroup" colSpan={columns.length + (actions ? 1 : 0)}>
                      {name} <span className="group-count">({members.length})</span>
                    </th>
                  </tr>
                )}
                {members.map((row) => (
                  <tr key={row.id}>
                    {columns.map((column) => (
                      <td
                        key={column.key}
                        className={column.numeric ? 'numeric' : undefined}
                        data-label={column.header}
                      >
                        {column.render ? column.render(row) : cellText(column, row)}
                      </td>
                    ))}
                    {actions && <td className="row-actions">{actions(row)}</td>}
                  </tr>
                ))}
              </tbody>
            ))}
          </table>
        </div>
      )}
    </div>
  )
}
