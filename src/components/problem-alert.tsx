import type { ReactNode } from 'react'
import type { SessionProblem } from '../../machines/session/session.types'

/** What went wrong with the last request, announced as soon as it appears. */
export function ProblemAlert({ problem, hint }: { problem: SessionProblem; hint?: ReactNode }) {
  return (
    <div className="notice notice-error" role="alert">
      <p>{problem.detail}</p>
      {hint && <p>{hint}</p>}
    </div>
  )
}
