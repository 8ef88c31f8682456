import type { AdminCallFailure } from '../../../machines/admin/admin.machine'

/** The server's refusal of a write, announced as soon as it appears. */
export function CallProblem({ failure }: { failure: AdminCallFailure | null }) {
  if (!failure) return null
  return (
    <div className="notice-inline notice-error" role="alert">
      {failure.message}
    </div>
  )
}
