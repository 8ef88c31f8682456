import type { ReactNode } from 'react'
import { ErrorPanel } from '../../components/error-panel'
import { Spinner } from '../../components/spinner'

type HeldViewProps<T> = {
  /** A list of the client actor's, as useHeldList reads it. */
  held: { list: T | null; failed: string | null; retry: () => void }
  /** What the error panel says when the read was refused. */
  failedTitle: string
  /** What the spinner says until the first answer. */
  loadingLabel: string
  children: (list: T) => ReactNode
}

/** A part of a page that shows a held list: a spinner until it comes, a way to retry a refusal. */
export function HeldView<T>({ held, failedTitle, loadingLabel, children }: HeldViewProps<T>) {
  if (held.list !== null) return children(held.list)
  if (held.failed)
    return <ErrorPanel title={failedTitle} message={held.failed} onRetry={held.retry} />
  return <Spinner label={loadingLabel} />
}
