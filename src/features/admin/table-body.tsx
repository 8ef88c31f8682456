import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { cellText, type Column } from './columns'
import type { TableLines } from './table-view'

/** Past this many lines, only those in view (and a few around them) are in the page. */
export const VIRTUAL_FROM = 150
/** A row's height before it is measured (a one-line row; cards and wrapped cells are taller). */
const ROW_ESTIMATE = 45
const OVERSCAN = 12
/** Lines a Page Up or Page Down moves the focus by. */
const PAGE = 10

type TableBodyProps<T extends { id: string }> = {
  caption: string
  captionId: string
  columns: readonly Column<T>[]
  lines: TableLines<T>
  actions: ((row: T) => ReactNode) | undefined
  /** The header row (aria-rowindex 1). */
  header: ReactNode
}

/**
 * A card's height includes the gap below it, or the spacers would drift from the cards. A row
 * with no height has not been laid out yet: it keeps the estimate.
 */
function heightOf(element: Element): number {
  const { height } = element.getBoundingClientRect()
  if (height === 0) return ROW_ESTIMATE
  const { marginTop, marginBottom } = getComputedStyle(element)
  return height + (parseFloat(marginTop) || 0) + (parseFloat(marginBottom) || 0)
}

const KEY_MOVES: Record<string, (at: number, last: number) => number> = {
  ArrowDown: (at) => at + 1,
  ArrowUp: (at) => at - 1,
  PageDown: (at) => at + PAGE,
  PageUp: (at) => at - PAGE,
  Home: () => 0,
  End: (_, last) => last,
}

/**
 * The scrolling box, the table and its lines. A long list is virtualised: the header stays
 * (sticky) while only the lines in view are rendered between two spacers, and the table tells
 * screen readers how many lines there are (aria-rowcount) and where each one is
 * (aria-rowindex). Arrow keys, Page Up/Down, Home and End move the focus from line to line
 * (scrolling the one it lands on into the page first).
 */
export function TableBody<T extends { id: string }>(props: TableBodyProps<T>) {
  const { caption, captionId, columns, lines, actions, header } = props
  const scrollRef = useRef<HTMLDivElement>(null)
  const count = lines.count
  const virtual = count > VIRTUAL_FROM
  // No React Compiler here: the virtualizer re-renders this component itself when it scrolls.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    enabled: virtual,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE,
    measureElement: heightOf,
    overscan: OVERSCAN,
    // Sizes are kept by position, not by row: a sort or a new list of the same length keeps
    // them, so the virtualizer does not work out 50,000 places again (lines are re-measured as
    // they render anyway).
    // React 19 cannot flush synchronously while it commits the rows that get measured.
    useFlushSync: false,
  })
  const [focusAt, setFocusAt] = useState<number | null>(null)
  // The same array while the lines in view stay the same.
  const inView = virtualizer.getVirtualItems()

  // Once the line to focus is in the page (after scrolling it in), focus it.
  useEffect(() => {
    if (focusAt === null) return
    const row = scrollRef.current?.querySelector<HTMLElement>(`tr[data-index="${focusAt}"]`)
    if (!row) return
    row.focus()
    setFocusAt(null)
  }, [focusAt, inView])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = KEY_MOVES[event.key]
    const target = event.target as HTMLElement
    // Keys in a row's buttons or links keep their own meaning.
    if (!move || (target !== event.currentTarget && target.tagName !== 'TR')) return
    event.preventDefault()
    const at = target.tagName === 'TR' ? Number(target.dataset.index) : -1
    const to = Math.min(Math.max(move(at, count - 1), 0), count - 1)
    if (virtual) virtualizer.scrollToIndex(to, { align: 'auto' })
    setFocusAt(to)
  }

  const shown = virtual
    ? inView.map(({ index }) => index)
    : Array.from({ length: count }, (_, i) => i)
  const before = virtual ? (inView[0]?.start ?? 0) : 0
  const after = virtual ? virtualizer.getTotalSize() - (inView.at(-1)?.end ?? 0) : 0
  const width = columns.length + (actions ? 1 : 0)

  return (
    <div
      ref={scrollRef}
      className={virtual ? 'table-scroll table-scroll-virtual' : 'table-scroll'}
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <table aria-rowcount={count + 1}>
        <caption id={captionId}>{caption}</caption>
        <thead>{header}</thead>
        <tbody>
          {before > 0 && <Spacer height={before} width={width} />}
          {shown.map((index) => {
            const item = lines.at(index)
            if (!item) return null
            const key = lines.keyAt(index)
            const line = {
              'data-index': index,
              'aria-rowindex': index + 2,
              tabIndex: -1,
              ref: virtual ? virtualizer.measureElement : undefined,
            }
            return item.kind === 'group' ? (
              <tr key={key} {...line} className="group-row">
                <th scope="colgroup" colSpan={width}>
                  {item.name} <span className="group-count">({item.count})</span>
                </th>
              </tr>
            ) : (
              <tr key={key} {...line}>
                {columns.map((column) => (
                  <td
                    key={column.key}
                    className={column.numeric ? 'numeric' : undefined}
                    data-label={column.header}
                  >
                    {column.render ? column.render(item.row) : cellText(column, item.row)}
                  </td>
                ))}
                {actions && <td className="row-actions">{actions(item.row)}</td>}
              </tr>
            )
          })}
          {after > 0 && <Spacer height={after} width={width} />}
        </tbody>
      </table>
    </div>
  )
}

/** The height of the lines not rendered, so the scroll bar stays true to the whole list. */
const Spacer = ({ height, width }: { height: number; width: number }) => (
  <tr className="table-spacer" aria-hidden="true">
    <td colSpan={width} style={{ height }} />
  </tr>
)
