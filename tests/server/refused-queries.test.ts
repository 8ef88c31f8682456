import { sql } from 'drizzle-orm'
import type pg from 'pg'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { MAX_QUOTES_PER_ENTRY } from '../../contract'
import { rowsOf } from '../../server/db/driver/client'
import { appPerTest, type TestApp } from '../support/build'
import { entryOf, newClient, quote, serveAustin, stageIds } from './client-kit'
import { callRaw } from '../support/call'

// The pool's connections on PostgreSQL (keepingRefusedConnections in server/db/client.ts): a
// query PostgreSQL refused leaves its connection in the pool; a session that ended is dropped.

const t = appPerTest()
let connectionsOpened: number
beforeEach(async () => {
  connectionsOpened = 0
  poolOf(t).on('connect', () => connectionsOpened++)
})

const poolOf = (on: TestApp) => (on.app.db as unknown as { $client: pg.Pool }).$client

describe.runIf(process.env.TEST_DB === 'postgres')('the pool on PostgreSQL', () => {
  it('keeps the connection of a write a constraint refused', async () => {
    await serveAustin(t)
    const client = await newClient(t, 'full@example.com')
    const { steel } = await stageIds(t)
    const addQuote = () =>
      callRaw(t, 'addQuote', { body: { StageId: steel, ...quote('V') } }, client.headers)
    for (let n = 0; n < MAX_QUOTES_PER_ENTRY; n++) expect((await addQuote()).statusCode).toBe(200)
    const before = connectionsOpened
    for (let n = 0; n < 20; n++) expect((await addQuote()).statusCode).toBe(409)
    const edit = await callRaw(
      t,
      'editPool',
      { body: { StageId: steel, choices: {} } },
      client.headers,
    )
    expect(entryOf(edit).quotes).toHaveLength(MAX_QUOTES_PER_ENTRY)
    expect(connectionsOpened).toBe(before)
  })

  it('fails the query of a session PostgreSQL ended, and goes on without it', async () => {
    const failure = rowsOf(t.app.db, sql`select pg_sleep(30) as "slept"`).then(
      () => null,
      (error: unknown) => error,
    )
    await vi.waitFor(async () => {
      const ended = await rowsOf<{ ended: boolean }>(
        t.app.db,
        sql`select pg_terminate_backend(pid) as "ended" from pg_stat_activity
          where datname = current_database() and query like 'select pg_sleep(30)%'`,
      )
      expect(ended).toEqual([{ ended: true }])
    })
    expect(await failure).toBeInstanceOf(Error)
    // As many queries at once as the pool holds: none is given the ended session.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => rowsOf<{ one: number }>(t.app.db, sql`select 1 as "one"`)),
    )
    expect(answers).toEqual(Array.from({ length: 10 }, () => [{ one: 1 }]))
  })
})
