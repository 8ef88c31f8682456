import { NotificationSwitch } from '../../contract'
import { hmac, sameHash } from './crypto'

/** 128 bits of the MAC: unforgeable, and the link stays within a path parameter's 100 characters. */
const macOf = (key: Buffer, payload: string) => hmac(key, payload).slice(0, 22)

export type Unsubscribe = { clientId: string; turnOff: NotificationSwitch }

/**
 * The secret of an unsubscribe link: whose switch it turns off, signed with the server's key.
 * Nothing is stored, so every server that shares the secret (JWT_SECRET) accepts every link.
 */
export function unsubscribeToken(key: Buffer, { clientId, turnOff }: Unsubscribe): string {
  const payload = Buffer.from(`${clientId}:${turnOff}`).toString('base64url')
  return `${payload}.${macOf(key, payload)}`
}

/** What a token turns off, or null when it is not one of ours. */
export function readUnsubscribeToken(key: Buffer, token: string): Unsubscribe | null {
  const [payload, mac, ...rest] = token.split('.')
  if (!payload || !mac || rest.length > 0 || !sameHash(macOf(key, payload), mac)) return null
  const [clientId = '', turnOff] = Buffer.from(payload, 'base64url').toString().split(':')
  const known = NotificationSwitch.safeParse(turnOff)
  return known.success ? { clientId, turnOff: known.data } : null
}
