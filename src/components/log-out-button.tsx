import { useSessionActor } from '../app/session-context'
import { useSessionBusy } from '../app/session-hooks'

/**
 * Ends the session. Routes follow from the logged-out state, so the button only says so.
 * Its name stays "Log out" while busy, so assistive tech and tests keep finding it.
 */
export function LogOutButton({ className = 'button button-secondary' }: { className?: string }) {
  const actor = useSessionActor()
  const busy = useSessionBusy()
  return (
    <button
      type="button"
      className={className}
      disabled={busy}
      onClick={() => actor.send({ type: 'session.loggedOut' })}
    >
      Log out
    </button>
  )
}
