import fs from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { PGlite } from '@electric-sql/pglite'
import { openDatabase, usePglite } from '../../server/db/driver/client'
import { seed } from '../../server/db/seed'
import { PG_TEMPLATE_DB, PGLITE_TEMPLATE, TEST_ADMIN_EMAIL, withDatabase } from './template'

/**
 * Migrating and seeding a fresh database takes seconds, so it is done once per run:
 * every test then clones the result (PGlite: loadDataDir; PostgreSQL: CREATE DATABASE … TEMPLATE).
 */
export default async function setup(project: TestProject) {
  if (project.config.env.TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL
    if (!url) throw new Error('TEST_DATABASE_URL is not set')
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`drop database if exists ${PG_TEMPLATE_DB} with (force)`)
    await admin.query(`create database ${PG_TEMPLATE_DB}`)
    const database = await openDatabase({
      kind: 'postgres',
      url: withDatabase(url, PG_TEMPLATE_DB),
    })
    await seed(database.db, TEST_ADMIN_EMAIL)
    await database.close()
    await admin.end()
    return
  }
  const client = await PGlite.create()
  const database = await usePglite(client)
  await seed(database.db, TEST_ADMIN_EMAIL)
  const dump = await client.dumpDataDir('none')
  await fs.mkdir(path.dirname(PGLITE_TEMPLATE), { recursive: true })
  await fs.writeFile(PGLITE_TEMPLATE, Buffer.from(await dump.arrayBuffer()))
  await database.close()
}
