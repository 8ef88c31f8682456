import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import crypto from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { buildApp } from '../../server/app'
import { openDatabase, usePglite, type Database } from '../../server/db/client'
import { readSettings, type Settings } from '../../server/settings'
import { PG_TEMPLATE_DB, PGLITE_TEMPLATE, withDatabase } from './template'

/** A clock the test moves by hand. */
export class TestClock {
  private offsetMs = 0
  now = () => new Date(Date.now() + this.offsetMs)
  advance(ms: number) {
    this.offsetMs += ms
  }
}

export type TestApp = {
  app: FastifyInstance
  clock: TestClock
  outbox: string
  database: Database
}

async function cloneDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (process.env.TEST_DB !== 'postgres') {
    const dump = new Blob([await fs.readFile(PGLITE_TEMPLATE)])
    return {
      database: await usePglite(await PGlite.create({ loadDataDir: dump })),
      drop: async () => {},
    }
  }
  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error('TEST_DATABASE_URL is not set')
  const name = `poolpath_test_${crypto.randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database ${name} template ${PG_TEMPLATE_DB}`)
  await admin.end()
  return {
    database: await openDatabase({ kind: 'postgres', url: withDatabase(url, name) }),
    drop: async () => {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
    },
  }
}

/**
 * The real app on a fresh copy of the migrated, seeded database (PGlite, or PostgreSQL when
 * TEST_DB=postgres), with mail written to a temporary outbox. Closed with `app.close()`.
 */
export async function build(
  overrides: Partial<Record<keyof Settings, string>> = {},
): Promise<TestApp> {
  const outbox = await fs.mkdtemp(path.join(os.tmpdir(), 'poolpath-outbox-'))
  const settings = readSettings({
    LOG_LEVEL: 'silent',
    MAIL_OUTBOX_DIR: outbox,
    DATA_DIR: outbox,
    ...overrides,
  })
  const { database, drop } = await cloneDatabase()
  const clock = new TestClock()
  const app = await buildApp({
    settings,
    database,
    secret: crypto.randomBytes(32),
    clock: clock.now,
    distDir: null,
  })
  app.addHook('onClose', async () => {
    await drop()
    await fs.rm(outbox, { recursive: true, force: true })
  })
  return { app, clock, outbox, database }
}
