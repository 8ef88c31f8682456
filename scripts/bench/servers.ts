import fs from 'node:fs/promises'
import path from 'node:path'
import { startServer, type Server } from './processes'
import type { ScratchDatabase } from './scratch-db'

// Large enough that the bench's own sign-ins are never rate limited.
const NO_LIMIT = '100000'
/** The first admin every bench server creates (or finds seeded) at start-up. */
export const BENCH_ADMIN_EMAIL = 'admin@example.com'

/** The real server on `database` (a PGlite DATA_DIR, or PostgreSQL when DATABASE_URL is set). */
export function startRealServer(
  database: ScratchDatabase['env'],
  outboxDir: string,
): Promise<Server> {
  return startServer({
    name: 'PoolPath server',
    script: 'server/main.ts',
    readyPath: '/api',
    env: {
      DATA_DIR: database.DATA_DIR,
      MAIL_OUTBOX_DIR: outboxDir,
      ADMIN_EMAIL: BENCH_ADMIN_EMAIL,
      // Logging every request would measure the logger.
      LOG_LEVEL: 'warn',
      // The bench opens its own city; the newcomer's samples would clash with it.
      SAMPLE_DATA: 'false',
      LOGIN_LIMIT_PER_EMAIL: NO_LIMIT,
      LOGIN_LIMIT_PER_IP: NO_LIMIT,
      VERIFY_LIMIT_PER_IP: NO_LIMIT,
      // An hour: the access tokens signed at the start must outlive the whole bench.
      ACCESS_TOKEN_TTL: '3600',
      // Empty means unset: an inherited DATABASE_URL or SMTP_URL would bench another database
      // or send real mail, and PUBLIC_URL would change the origin checks.
      DATABASE_URL: database.DATABASE_URL,
      SMTP_URL: '',
      PUBLIC_URL: '',
      JWT_SECRET: '',
    },
  })
}

/** Where the bare server's @fastify/static serves /static/ from. */
export const staticDirOf = (bodyDir: string) => path.join(bodyDir, 'static')

/**
 * A bare Fastify server answering each body of `bodies` at /same/<name> (see bare-server.ts); a
 * name ending in `.gz` is sent as gzip.
 */
export async function startBareServer(
  bodyDir: string,
  bodies: Record<string, Buffer>,
): Promise<Server> {
  await fs.mkdir(bodyDir, { recursive: true })
  for (const [name, body] of Object.entries(bodies)) {
    const file = name.endsWith('.gz') ? `${name.slice(0, -3)}.json.gz` : `${name}.json`
    await fs.writeFile(path.join(bodyDir, file), body)
  }
  await fs.mkdir(staticDirOf(bodyDir), { recursive: true })
  return startServer({
    name: 'bare Fastify',
    script: 'scripts/bench/bare-server.ts',
    readyPath: '/bare',
    env: { BARE_BODY_DIR: bodyDir, BARE_STATIC_DIR: staticDirOf(bodyDir) },
  })
}
