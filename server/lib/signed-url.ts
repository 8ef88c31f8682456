import crypto from 'node:crypto'
import { SIGNED_URL_SECONDS, type FileVariant } from '../../contract/documents'

/** 256 bits of HMAC-SHA256 in base64url: 43 characters. */
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/
const EXPIRY = /^[0-9]{1,12}$/

const macOf = (key: Buffer, id: string, variant: FileVariant, exp: string) =>
  crypto.createHmac('sha256', key).update(`file:${id}:${variant}:${exp}`).digest()

/**
 * The address of one variant of a file, valid until `now` + 15 minutes: the signature covers
 * the id, the variant and the expiry, so none of them can be changed. Nothing is stored, so
 * every server sharing the secret accepts it.
 */
export function signedFileUrl(key: Buffer, id: string, variant: FileVariant, now: Date): string {
  const exp = String(Math.floor(now.getTime() / 1000) + SIGNED_URL_SECONDS)
  const sig = macOf(key, id, variant, exp).toString('base64url')
  return `/api/files/${id}/${variant}?exp=${exp}&sig=${sig}`
}

export type SignatureCheck = 'valid' | 'expired' | 'wrong'

/** Whether `sig` is ours for this id, variant and expiry, and the expiry has not passed. */
export function checkFileSignature(
  key: Buffer,
  signed: { id: string; variant: FileVariant; exp: string; sig: string },
  now: Date,
): SignatureCheck {
  if (!EXPIRY.test(signed.exp) || !SIGNATURE.test(signed.sig)) return 'wrong'
  const given = Buffer.from(signed.sig, 'base64url')
  const expected = macOf(key, signed.id, signed.variant, signed.exp)
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return 'wrong'
  return Number(signed.exp) * 1000 <= now.getTime() ? 'expired' : 'valid'
}
