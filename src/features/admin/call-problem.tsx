import type { AdminCallFailure } from '../../../machines/admin/admin.machine'

type CallProblemProps = {
  failure: Pick<AdminCallFailure, 'message'> | null
  /** Where the refusal outlives its control (a page, not a dialog): the admin may put it away. */
  onDismiss?: () => void
}

/** The server's refusal of a write, announced as soon as it appears. */
export function CallProblem({ failure, onDismiss }: CallProblemProps) {
  if (!failure) return null
  if (!onDismiss) {
    return (
      <div className="notice-inline notice-error" role="alert">
        {failure.message}
      </div>
    )
  }
  return (
    <div className="notice-inline notice-error call-problem">
      <p role="alert">{failure.message}</p>
      <button type="button" className="button button-ghost button-small" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  )
}
