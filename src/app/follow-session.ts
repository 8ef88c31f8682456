import type { SessionActor } from '../../machines/session/session.machine'
import { routeKey } from '../../machines/session/session.selectors'

/**
 * Routes follow the session, never pushed by a machine: when where the visitor belongs changes,
 * the router runs its guards again. Returns the unsubscribe.
 */
export function followSession(
  actor: SessionActor,
  router: { invalidate: () => Promise<unknown> },
): () => void {
  let key = routeKey(actor.getSnapshot())
  const subscription = actor.subscribe((snapshot) => {
    const next = routeKey(snapshot)
    if (next !== key) {
      key = next
      void router.invalidate()
    }
  })
  return () => subscription.unsubscribe()
}
