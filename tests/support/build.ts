import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import crypto from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
import { is, sql } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import type { Writable } from 'node:stream'
import pg from 'pg'
import { buildApp, loggerOptions } from '../../server/app'
import { openDatabase, usePglite, type Database } from '../../server/db/driver/client'
import * as schema from '../../server/db/schema'
import { seed } from '../../server/db/seed'
import { readSettings, type Settings } from '../../server/settings'
import { perTest } from './per-test'
import { PG_TEMPLATE_DB, PGLITE_TEMPLATE, TEST_ADMIN_EMAIL, withDatabase } from './template'

/** A clock the test moves by hand. */
export class TestClock {
  private offsetMs = 0
  private frozenAt: number | null = null
  now = () => new Date((this.frozenAt ?? Date.now()) + this.offsetMs)
  advance(ms: number) {
    this.offsetMs += ms
  }
  /** Stops the clock where it is, for a test of a limit to the millisecond: only `advance` moves it. */
  freeze() {
    this.frozenAt ??= Date.now()
  }
}

export type TestApp = {
  app: FastifyInstance
  clock: TestClock
  outbox: string
  /** The app's DATA_DIR: its stored files (`files/`) and uploads in progress. */
  dataDir: string
  database: Database
  secret: Buffer
}

type Cloned = {
  database: Database
  /** Another connection to the same database, as a second server would open (PGlite: the same). */
  reopen: () => Promise<Database>
  drop: () => Promise<void>
}

async function cloneDatabase(): Promise<Cloned> {
  if (process.env.TEST_DB !== 'postgres') {
    const dump = new Blob([await fs.readFile(PGLITE_TEMPLATE)])
    const database = await usePglite(await PGlite.create({ loadDataDir: dump }))
    return { database, reopen: async () => database, drop: () => database.close() }
  }
  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error('TEST_DATABASE_URL is not set')
  const name = `poolpath_test_${crypto.randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database ${name} template ${PG_TEMPLATE_DB}`)
  await admin.end()
  const open = () => openDatabase({ kind: 'postgres', url: withDatabase(url, name) })
  const database = await open()
  return {
    database,
    reopen: open,
    drop: async () => {
      await database.close()
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
    },
  }
}

// One database per test file, emptied and re-seeded for every app: cheaper and steadier than a
// new PGlite per test (each costs ~100 MB of WebAssembly memory).
let shared: ReturnType<typeof cloneDatabase> | null = null

/**
 * Drops the file's database. The server files share one module graph, so this module runs once
 * for all of them: tests/support/server-file.ts calls this after each file.
 */
export async function dropFileDatabase() {
  const dropping = shared
  shared = null
  if (dropping) await (await dropping).drop()
}

async function freshDatabase(): Promise<Database> {
  shared ??= cloneDatabase()
  const { database } = await shared
  const tables = Object.values(schema).filter((value) => is(value, PgTable))
  await database.db.execute(sql`truncate ${sql.join(tables, sql`, `)} restart identity cascade`)
  await seed(database.db, TEST_ADMIN_EMAIL)
  // The file's database outlives each app: closing an app must not close it.
  return { ...database, close: async () => {} }
}

async function secondConnection(): Promise<Database> {
  if (!shared) throw new Error('a second server needs a first one')
  const database = await (await shared).reopen()
  // PGlite's one handle belongs to the file; PostgreSQL's second pool is this app's to close.
  return process.env.TEST_DB === 'postgres' ? database : { ...database, close: async () => {} }
}

/**
 * The real app on a freshly emptied and seeded database (PGlite, or PostgreSQL when
 * TEST_DB=postgres), with mail written to a temporary outbox. Closed with `app.close()`.
 * Apps built in one test file share its database: a second build() starts it afresh too,
 * unless it is `besides` an app, as a second server on that app's database and secret (on
 * PostgreSQL with its own connections).
 */
export async function build(
  overrides: Partial<Record<keyof Settings, string>> = {},
  options: { logTo?: Writable; terminal?: boolean; besides?: TestApp; distDir?: string } = {},
): Promise<TestApp> {
  const outbox = await fs.mkdtemp(path.join(os.tmpdir(), 'poolpath-outbox-'))
  // Apart from the outbox: the server keeps its files and uploads in progress under DATA_DIR.
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'poolpath-data-'))
  const settings = readSettings({
    LOG_LEVEL: 'silent',
    MAIL_OUTBOX_DIR: outbox,
    DATA_DIR: dataDir,
    ...overrides,
  })
  const database = options.besides ? await secondConnection() : await freshDatabase()
  const secret = options.besides?.secret ?? crypto.randomBytes(32)
  const clock = new TestClock()
  const app = await buildApp({
    settings,
    database,
    secret,
    clock: clock.now,
    distDir: options.distDir ?? null,
    ...(options.logTo
      ? { logger: { ...loggerOptions(settings.LOG_LEVEL), stream: options.logTo } }
      : {}),
    terminal: options.terminal ?? false,
  })
  // Onclose hooks may run before the mailer's own: let a mail still being written land first.
  app.addHook('onClose', async () => {
    await app.mailer.flush()
    await Promise.all(
      [outbox, dataDir].map((dir) => fs.rm(dir, { recursive: true, force: true, maxRetries: 3 })),
    )
  })
  return { app, clock, outbox, dataDir, database, secret }
}

/** A fresh app (build(overrides)) for every test of the calling file, closed after it. */
export const appPerTest = (overrides: Partial<Record<keyof Settings, string>> = {}) =>
  perTest(
    () => build(overrides),
    (t) => t.app.close(),
  )
