import crypto from 'node:crypto'

/** A URL-safe random token of `bytes` bytes from the CSPRNG. */
export const randomToken = (bytes = 32) => crypto.randomBytes(bytes).toString('base64url')

/** Six digits, uniformly from the CSPRNG. */
export const randomCode = () => crypto.randomInt(0, 1_000_000).toString().padStart(6, '0')

export const sha256 = (value: string) =>
  crypto.createHash('sha256').update(value).digest('base64url')

export const hmac = (key: Buffer, value: string) =>
  crypto.createHmac('sha256', key).update(value).digest('base64url')

/** Constant-time comparison of two hashes of the same encoding. */
export const sameHash = (a: string, b: string) => {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && crypto.timingSafeEqual(left, right)
}

/** Separate keys for separate purposes, all from the one server secret. */
export const deriveKey = (secret: Buffer, purpose: string) =>
  Buffer.from(crypto.hkdfSync('sha256', secret, Buffer.alloc(0), `poolpath:${purpose}`, 32))
