import type { SnapshotFrom } from 'xstate'
import type { sessionMachine } from './session.machine'

type SessionSnapshot = Pick<SnapshotFrom<typeof sessionMachine>, 'hasTag'>

/** Where a visitor in this session state belongs; null while the state is still pending. */
export type Home = '/builder' | '/coming-soon' | '/admin' | '/verify' | '/onboarding' | null

/**
 * The one selector routes follow (they are derived from the state's `route:*` tags, never
 * pushed by a machine): the home path of the current state. `/` and every guard use it.
 */
export function homePath(snapshot: SessionSnapshot): Home {
  if (snapshot.hasTag('pending')) return null
  if (snapshot.hasTag('route:builder')) return '/builder'
  if (snapshot.hasTag('route:comingSoon')) return '/coming-soon'
  if (snapshot.hasTag('route:admin')) return '/admin'
  if (snapshot.hasTag('route:verify')) return '/verify'
  return '/onboarding'
}

export const isSignedIn = (snapshot: SessionSnapshot) => snapshot.hasTag('authenticated')

type RoleSnapshot = SessionSnapshot & Pick<SnapshotFrom<typeof sessionMachine>, 'context'>

/** A MANAGER's admin area is its Projects only (PRODUCT.md §18). */
export const isManager = (snapshot: RoleSnapshot) =>
  isSignedIn(snapshot) && snapshot.context.role === 'MANAGER'

/**
 * What a route change depends on: when this string changes, the router re-runs its guards. A
 * manager and an admin share the home /admin but not its pages.
 */
export const routeKey = (snapshot: RoleSnapshot) =>
  `${String(homePath(snapshot))}${isManager(snapshot) ? ':manager' : ''}`
