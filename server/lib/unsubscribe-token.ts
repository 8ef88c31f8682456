import { NotificationSwitch } from '../../contract'
import { hmac, sameHash } from './crypto'

/** 128 bits of the MAC: unforgeable, and the link stays within a path parameter's 100 characters. */
const macOf = (key: Buffer, payload: string) => hmac(key, payload).slice(0, 22)

/** What a link stops: a client's kind of notification, or every message email to one person. */
export type Unsubscribe =
  | { clientId: string; turnOff: NotificationSwitch }
  | { recipientId: string; turnOff: typeof MESSAGES }

/** The payload's first part for message emails: never a client's id, which is a UUID. */
const MESSAGES = 'messages'

/**
 * The secret of an unsubscribe link: what it stops, signed with the server's key. Nothing is
 * stored, so every server that shares the secret (JWT_SECRET) accepts every link.
 */
export function unsubscribeToken(key: Buffer, link: Unsubscribe): string {
  const text =
    'clientId' in link ? `${link.clientId}:${link.turnOff}` : `${MESSAGES}:${link.recipientId}`
  const payload = Buffer.from(text).toString('base64url')
  return `${payload}.${macOf(key, payload)}`
}

/** The link that stops message emails to a user's or a trade's id. */
export const messagesUnsubscribeToken = (key: Buffer, recipientId: string) =>
  unsubscribeToken(key, { recipientId, turnOff: MESSAGES })

/** What a token stops, or null when it is not one of ours. */
export function readUnsubscribeToken(key: Buffer, token: string): Unsubscribe | null {
  const [payload, mac, ...rest] = token.split('.')
  if (!payload || !mac || rest.length > 0 || !sameHash(macOf(key, payload), mac)) return null
  const [first = '', second = ''] = Buffer.from(payload, 'base64url').toString().split(':')
  if (first === MESSAGES) return { recipientId: second, turnOff: MESSAGES }
  const known = NotificationSwitch.safeParse(second)
  return known.success ? { clientId: first, turnOff: known.data } : null
}
