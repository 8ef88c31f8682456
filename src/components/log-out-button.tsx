import type { ReactNode } from 'react'
import { useSessionActor } from '../app/session-context'
import { useSessionBusy } from '../app/session-hooks'

type LogOutButtonProps = {
  className?: string
  /** What the button shows; whatever it is, its accessible name must stay "Log out". */
  children?: ReactNode
}

/**
 * Ends the session. Routes follow from the logged-out state, so the button only says so.
 * Its name stays "Log out" while busy, so assistive tech and tests keep finding it.
 */
export function LogOutButton({
  className = 'button button-secondary',
  children = 'Log out',
}: LogOutButtonProps) {
  const actor = useSessionActor()
  const busy = useSessionBusy()
  return (
    <button
      type="button"
      className={className}
      disabled={busy}
      onClick={() => actor.send({ type: 'session.loggedOut' })}
    >
      {children}
    </button>
  )
}
