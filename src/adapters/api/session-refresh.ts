import type { RefreshData } from '../../../contract'
import type { Now } from '../../../machines/ports'
import { refreshDelay } from '../../../machines/session/token'
import { loadAuth } from '../auth-storage'

/** Another tab may be refreshing right now: Web Locks make the tabs take turns. */
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (typeof navigator === 'undefined' || !('locks' in navigator)) return work()
  return navigator.locks.request('poolpath-refresh', work)
}

/** A token another tab stored while this one waited for its turn, if it is still good. */
export function storedElsewhere(current: () => string | null, now: Now): RefreshData | null {
  const stored = loadAuth()
  const fresh =
    stored?.isAuthenticated &&
    stored.accessToken &&
    stored.accessToken !== current() &&
    refreshDelay(stored.accessToken, stored.tokenReceivedAt ?? null, now())
  if (!stored || !stored.accessToken || !stored.role || !stored.userData || !fresh) return null
  return {
    Token: stored.accessToken,
    role: stored.role,
    userData: stored.userData,
    Flag: stored.flag ?? false,
  }
}

/**
 * Refreshes once across all tabs: inside the lock, a token that another tab stored meanwhile
 * is taken instead of rotating the refresh cookie a second time. The lock is held until this
 * tab has stored what it got (`stored` settles), so the next tab in turn finds it. `current` is
 * the access token this tab holds.
 */
export function refreshInTurn(
  refresh: () => Promise<RefreshData>,
  current: () => string | null,
  now: Now,
  stored: () => Promise<unknown>,
): Promise<RefreshData> {
  return new Promise((resolve, reject) => {
    inTurn(async () => {
      resolve(storedElsewhere(current, now) ?? (await refresh()))
      await stored()
    }).catch(reject)
  })
}
