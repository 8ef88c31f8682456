// What the app keeps for itself: seeding markers, rate windows, the audit log, the data version.
import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, at } from './columns'

/**
 * One row per one-off seeding step that has run (e.g. 'sample-data'), so it runs once per
 * database: what an admin deletes afterwards is not put back on the next start.
 */
export const seedMarkers = pgTable('seed_markers', {
  name: text('name').primaryKey(),
  seededAt: at('seeded_at').notNull().defaultNow(),
})

/** Fixed-window counters shared by every server. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: at('window_start').notNull(),
  count: integer('count').notNull(),
})

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
  ],
)

/**
 * What the back office lists, as one number: triggers (migration 0007) bump `version` when a
 * transaction that changed one of its tables commits, so the admin fetch answers 304, or its
 * cached body, after reading this one row. `epoch` is drawn when the row is made, so a new
 * database never matches an ETag of another one. One row, id 1.
 */
export const dataVersion = pgTable(
  'data_version',
  {
    id: integer('id').primaryKey().default(1),
    epoch: uuid('epoch').notNull().defaultRandom(),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (t) => [check('data_version_one_row', sql`${t.id} = 1`)],
)

/**
 * What one project's reads show, as one number per project: triggers (migration 0025) bump a
 * project's row once per transaction that changed any of its rows, when it commits, and notify
 * `client:{id}:{version}` on the data version's channel. The nil id's row counts the reference
 * data every project reads (cities, steps, durations, scope, checklists, the directory). No key
 * to `clients`: a row is bumped at the commit that may delete its client.
 */
export const clientVersions = pgTable('client_versions', {
  clientId: uuid('client_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
})
