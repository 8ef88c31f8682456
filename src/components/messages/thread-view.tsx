import { useId, type ReactNode } from 'react'
import type { StoredFile } from '../../../contract/documents'
import type { AuthorRole, Message } from '../../../contract/messages'
import { Spinner } from '../spinner'
import './messages.css'

/** A file a message carries, as the reader may open it; null when the reader cannot. */
export type AttachedFile = { name: string; url: string }

/**
 * The attachments a reader can open: those among the files it is given (the owner's files, a
 * manager's view of the project, the files shared with a trade). Any other shows as "A file of
 * the project".
 */
export const attachedFrom =
  (files: readonly StoredFile[] | null | undefined) =>
  (id: string): AttachedFile | null => {
    const file = files?.find((f) => f.id === id)
    return file ? { name: file.name, url: file.urls.original } : null
  }

type ThreadViewProps = {
  title: string
  /** Oldest first; null until the first page is read. */
  messages: readonly Message[] | null
  /** Whether older messages may be paged in. */
  earlier: boolean
  onEarlier: () => void
  fileOf: (fileId: string) => AttachedFile | null
  /** Why the first page could not be read, shown instead of the spinner. */
  failed?: ReactNode
  /** The composer, under the messages. */
  children: ReactNode
}

const ROLE_LABELS: Record<AuthorRole, string> = {
  CLIENT: 'Owner',
  MANAGER: 'Project manager',
  TRADE: 'Trade',
}

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

function Attachments({
  fileIds,
  fileOf,
}: Pick<Message, 'fileIds'> & Pick<ThreadViewProps, 'fileOf'>) {
  if (fileIds.length === 0) return null
  const files = fileIds.map((id) => ({ id, file: fileOf(id) }))
  return (
    <ul className="message-files" aria-label="Attachments">
      {files.map(({ id, file }) => (
        <li key={id}>
          {file ? (
            <a href={file.url} target="_blank" rel="noreferrer">
              {file.name}
            </a>
          ) : (
            'A file of the project'
          )}
        </li>
      ))}
    </ul>
  )
}

/** One thread (PRODUCT.md §18): its messages with author, role and time, then the composer. */
export function ThreadView({
  title,
  messages,
  earlier,
  onEarlier,
  fileOf,
  failed,
  children,
}: ThreadViewProps) {
  const headingId = useId()
  return (
    <section className="thread-view" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {earlier && (
        <button
          type="button"
          className="button button-secondary thread-earlier"
          onClick={onEarlier}
        >
          Load earlier messages
        </button>
      )}
      {messages === null ? (
        (failed ?? <Spinner label="Loading messages" />)
      ) : messages.length === 0 ? (
        <p className="thread-empty">No messages yet. Write the first one.</p>
      ) : (
        <ol className="message-list">
          {messages.map((message) => (
            <li key={message.id} className="message">
              <p className="message-meta">
                <span className="message-author">{message.author.name}</span>
                <span className="message-role">{ROLE_LABELS[message.author.role]}</span>
                <time dateTime={message.createdAt}>{WHEN.format(new Date(message.createdAt))}</time>
              </p>
              <p className="message-text">{message.text}</p>
              <Attachments fileIds={message.fileIds} fileOf={fileOf} />
            </li>
          ))}
        </ol>
      )}
      {children}
    </section>
  )
}
