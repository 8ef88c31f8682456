import crypto from 'node:crypto'
import path from 'node:path'

/** Where global setup leaves the migrated, seeded PGlite data directory for tests to clone. */
export const PGLITE_TEMPLATE = path.resolve('.tmp', 'pglite-template.tar')
/**
 * The PostgreSQL database each test database is copied from: one per checkout, so runs in two
 * worktrees on one server (with different migrations) never copy each other's template.
 */
export const PG_TEMPLATE_DB = `poolpath_template_${crypto
  .createHash('sha256')
  .update(process.cwd())
  .digest('hex')
  .slice(0, 12)}`
export const TEST_ADMIN_EMAIL = 'admin@example.com'

/** The same server with another database name. */
export const withDatabase = (url: string, database: string) => {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}
