import { useId, type MouseEvent } from 'react'
import type { ThreadId, ThreadSummary } from '../../../contract/messages'
import './messages.css'

type ThreadListProps = {
  threads: readonly ThreadSummary[]
  current: ThreadId | null
  /** The thread's own address, so it opens in a new tab too. */
  hrefOf: (thread: ThreadId) => string
  onOpen: (thread: ThreadId) => void
}

/** A plain click opens the thread in place; a modified one is left to the browser. */
const opensInPlace = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey

const previewOf = ({ last }: ThreadSummary) =>
  last ? `${last.author.name}: ${last.text}` : 'No messages yet'

/**
 * The threads (PRODUCT.md §19 "Messages"): a link each, named by its title alone; its unread
 * count is the link's description ("3 unread") and a badge beside it, the last message a preview.
 */
export function ThreadList({ threads, current, hrefOf, onOpen }: ThreadListProps) {
  const idPrefix = useId()
  return (
    <nav aria-label="Threads" className="thread-list">
      <ul>
        {threads.map((summary) => {
          const unreadId = `${idPrefix}-${summary.thread}`
          const unread = summary.unread > 0
          return (
            <li
              key={summary.thread}
              className={unread ? 'thread-item thread-unread' : 'thread-item'}
            >
              <a
                href={hrefOf(summary.thread)}
                aria-current={summary.thread === current ? 'page' : undefined}
                aria-describedby={unread ? unreadId : undefined}
                onClick={(event) => {
                  if (!opensInPlace(event)) return
                  event.preventDefault()
                  onOpen(summary.thread)
                }}
              >
                {summary.title}
                {unread && (
                  <span className="unread-badge" aria-hidden="true">
                    {summary.unread}
                  </span>
                )}
              </a>
              {unread && (
                <span id={unreadId} hidden>
                  {summary.unread} unread
                </span>
              )}
              <p className="thread-preview">{previewOf(summary)}</p>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
