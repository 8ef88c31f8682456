import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { deriveKey } from '../../lib/crypto'
import type { Settings } from '../../settings'

export type Keys = {
  jwt: Buffer
  code: Buffer
  tempToken: Buffer
  refresh: Buffer
  unsubscribe: Buffer
  fileUrl: Buffer
  /** A project's opaque id in its calendar feed's UIDs. */
  calendarUid: Buffer
  /** Bid requests' link tokens and trade sessions' cookies, stored as keyed hashes. */
  tradeLink: Buffer
  /** The trade portal's one-time codes, stored as keyed hashes. */
  tradeCode: Buffer
}

declare module 'fastify' {
  interface FastifyInstance {
    settings: Settings
    /** The one source of "now" for expiries and windows, so tests can move time. */
    clock: () => Date
    keys: Keys
  }
}

export default fp(
  async function core(
    app: FastifyInstance,
    opts: { settings: Settings; secret: Buffer; clock: () => Date },
  ) {
    app.decorate('settings', opts.settings)
    app.decorate('clock', opts.clock)
    app.decorate('keys', {
      jwt: deriveKey(opts.secret, 'jwt'),
      code: deriveKey(opts.secret, 'code'),
      tempToken: deriveKey(opts.secret, 'temp-token'),
      refresh: deriveKey(opts.secret, 'refresh'),
      unsubscribe: deriveKey(opts.secret, 'unsubscribe'),
      fileUrl: deriveKey(opts.secret, 'file-url'),
      tradeLink: deriveKey(opts.secret, 'trade-link'),
      calendarUid: deriveKey(opts.secret, 'calendar-uid'),
      tradeCode: deriveKey(opts.secret, 'trade-code'),
    })
  },
  { name: 'core' },
)
