import { parseCookie } from 'cookie-es'
import { z } from 'zod/mini'
import { Role, UserData } from '../../contract/domain'

/** The localStorage key the seed persists the session under (seed §4). */
export const AUTH_STORAGE_KEY = 'auth'

/** The readable cookie the server sets beside a remembered refresh token (PRODUCT.md §4). */
export const REMEMBER_LOGIN_COOKIE = 'rememberLogin'

/** The session as persisted; logged out is all nulls and `isAuthenticated: false`. */
export const StoredAuth = z.object({
  role: z.nullable(Role),
  accessToken: z.nullable(z.string()),
  tempToken: z.nullable(z.string()),
  userData: z.nullable(UserData),
  isAuthenticated: z.boolean(),
  // Beyond the seed's five fields, so a reload restores the same view and refresh timing.
  /** The client's Flag from the last verify or refresh. */
  flag: z.optional(z.boolean()),
  /** When this tab received the access token (ms since the epoch). */
  tokenReceivedAt: z.optional(z.nullable(z.number())),
  /** While a code is out: where it went and the onboarding details it will create the account with. */
  email: z.optional(z.nullable(z.string())),
  onboarding: z.optional(
    z.nullable(
      z.object({
        name: z.string(),
        phone: z.string(),
        address: z.string(),
        city: z.string(),
        state: z.string(),
      }),
    ),
  ),
})
export type StoredAuth = z.infer<typeof StoredAuth>

// Storage can be missing (no DOM) or throw on access (blocked storage, private modes, a full
// quota). A session that cannot be persisted still works for this tab, so no call here throws.
function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null
  }
}

/**
 * The stored session, or null when there is none or it cannot be trusted: unreadable JSON or
 * a shape from another version is removed, so the app starts logged out instead of failing.
 */
export function loadAuth(): StoredAuth | null {
  const store = storage()
  try {
    const raw = store?.getItem(AUTH_STORAGE_KEY)
    if (raw === null || raw === undefined) return null
    const parsed = StoredAuth.safeParse(JSON.parse(raw))
    if (parsed.success) return parsed.data
  } catch {
    // Unreadable JSON: dropped below like any other bad value.
  }
  clearAuth()
  return null
}

/** Persists the session; false when the browser would not store it. */
export function saveAuth(auth: StoredAuth): boolean {
  try {
    const store = storage()
    store?.setItem(AUTH_STORAGE_KEY, JSON.stringify(auth))
    return store !== null
  } catch {
    return false
  }
}

export function clearAuth(): void {
  try {
    storage()?.removeItem(AUTH_STORAGE_KEY)
  } catch {
    // Nothing stored that could be read back either.
  }
}

/** Whether the server left `rememberLogin=true`: then a refresh is worth trying at start. */
export function readRememberLogin(): boolean {
  if (typeof document === 'undefined') return false
  return parseCookie(document.cookie)[REMEMBER_LOGIN_COOKIE] === 'true'
}
