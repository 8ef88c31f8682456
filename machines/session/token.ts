import { jwtDecode } from 'jwt-decode'

/** How long before expiry the token is refreshed (seed §9). */
export const REFRESH_LEAD_MS = 30_000

/**
 * Milliseconds until the access token should be refreshed: 30 s before it expires, 0 inside
 * that window, and null for an expired or unreadable token (then nothing is scheduled).
 * The token's age is measured on this device's clock from when it arrived, so a device whose
 * clock is off does not refresh too early or too late.
 */
export function refreshDelay(
  token: string | null,
  receivedAt: number | null,
  now: number,
): number | null {
  if (!token) return null
  let claims: { exp?: unknown; iat?: unknown }
  try {
    claims = jwtDecode(token)
  } catch {
    return null
  }
  if (typeof claims.exp !== 'number') return null
  const remaining =
    typeof claims.iat === 'number' && receivedAt !== null
      ? (claims.exp - claims.iat) * 1000 - (now - receivedAt)
      : claims.exp * 1000 - now
  if (remaining <= 0) return null
  return Math.max(0, remaining - REFRESH_LEAD_MS)
}
