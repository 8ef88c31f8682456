import type { SnapshotFrom } from 'xstate'
import type { sessionMachine } from '../../machines/session/session.machine'
import { homePath, isManager, isSignedIn } from '../../machines/session/session.selectors'

type Snapshot = Pick<SnapshotFrom<typeof sessionMachine>, 'hasTag'>

/** Where a guard sends the visitor instead; null lets them through. */
export type Redirect = { to: string; search?: { redirect?: string } } | null

/** Only our own paths: a `redirect` parameter must never send anyone to another site. */
export const safeRedirect = (path: string | undefined): string | undefined =>
  path && path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') ? path : undefined

/** Whether a signed-in visitor whose home is `home` may open `path`. */
const belongsTo = (home: string, path: string) => path === home || path.startsWith(`${home}/`)

/** /login, /onboarding and /verify: only while signed out, and /verify only while a code is out. */
export function landingGuard(snapshot: Snapshot, pathname: string, wanted?: string): Redirect {
  const home = homePath(snapshot)
  if (home === null) return null
  const back = safeRedirect(wanted)
  if (isSignedIn(snapshot)) return { to: back && belongsTo(home, back) ? back : home }
  // Between the landing pages, where the visitor was going travels along.
  const along = (to: string) => ({ to, ...(back ? { search: { redirect: back } } : {}) })
  if (home === '/verify') return pathname === '/verify' ? null : along('/verify')
  if (pathname === '/verify')
    return along(snapshot.hasTag('route:onboarding') ? '/onboarding' : '/login')
  return null
}

/**
 * The protected areas (seed §2): a visitor who is not signed in goes to /login, remembering
 * where they were going; anyone else who does not belong here goes to their own home.
 */
export function areaGuard(snapshot: Snapshot, area: '/builder' | '/admin', href: string): Redirect {
  const home = homePath(snapshot)
  if (home === null) return null
  if (!isSignedIn(snapshot)) return { to: '/login', search: { redirect: href } }
  return home === area ? null : { to: home }
}

/** The manager's part of /admin (PRODUCT.md §19 "Navigation"). */
export const MANAGER_HOME = '/admin/projects'

/** A MANAGER inside /admin sees only the Projects: any other admin path leads there. */
export function managerGuard(
  snapshot: Pick<SnapshotFrom<typeof sessionMachine>, 'hasTag' | 'context'>,
  pathname: string,
): Redirect {
  return isManager(snapshot) && !belongsTo(MANAGER_HOME, pathname) ? { to: MANAGER_HOME } : null
}

/**
 * /coming-soon is public (seed §2): a visitor who arrives without being signed in reads what
 * PoolPath's cities are about. One signed out while on it (`stayed`: the session changed under
 * the page) goes to sign in, as from any area; a signed-in one whose home is elsewhere goes there.
 */
export function comingSoonGuard(snapshot: Snapshot, stayed: boolean): Redirect {
  const home = homePath(snapshot)
  if (home === null) return null
  if (!isSignedIn(snapshot)) return stayed ? { to: '/login' } : null
  return home === '/coming-soon' ? null : { to: home }
}

/** `/`: signed-out visitors start at onboarding; everyone else at their home. */
export const indexTarget = (snapshot: Snapshot): string => homePath(snapshot) ?? '/onboarding'
