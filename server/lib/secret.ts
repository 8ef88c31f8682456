import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/**
 * The server secret: JWT_SECRET when set, otherwise 256 random bits generated once into
 * DATA_DIR (readable by the owner only) so tokens survive a restart.
 */
export function loadSecret(jwtSecret: string | undefined, dataDir: string): Buffer {
  if (jwtSecret) return Buffer.from(jwtSecret, 'utf8')
  fs.mkdirSync(dataDir, { recursive: true })
  const file = path.join(dataDir, 'secret.key')
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex')
}
