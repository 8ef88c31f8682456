import { sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { rowsOf } from '../../server/db/driver/client'
import { LISTENER_APPLICATION_NAME } from '../../server/db/driver/listener'
import { build, type TestApp } from '../support/build'
import { buildAsAdmin, json } from '../support/http'
import { call, callRaw } from '../support/call'
import { newClient } from './client-kit'
import { statementsDuring } from '../support/statements'

// The admin fetch's 304 from the data version kept in memory (server/plugins/app/data-version.ts):
// no statement once the version is known, and never past the notification of a newer one.

let t: TestApp
let admin: Record<string, string>
const others: TestApp[] = []
beforeEach(async () => {
  ;({ t, admin } = await buildAsAdmin())
})
afterEach(async () => {
  await Promise.all(others.splice(0).map((other) => other.app.close()))
  await t.app.close()
})

/** Another server on t's database and secret (PostgreSQL: its own pool and listener). */
async function secondServer(): Promise<TestApp> {
  const other = await build({}, { besides: t })
  others.push(other)
  return other
}

const fetchOn = (on: TestApp, headers: Record<string, string> = {}) =>
  callRaw(on, 'adminFetch', {}, { ...admin, ...headers })

const etagOn = async (on: TestApp) => String((await fetchOn(on)).headers.etag)

/** A write the back office sees, with nothing done after its answer (a city served mails). */
const addEngineer = (on: TestApp, email: string) =>
  callRaw(
    on,
    'createEngineer',
    {
      body: {
        name: 'Eve',
        company: 'Plans',
        email,
        phone: '+1 512 555 0101',
        licenseNo: 'PE-1',
        fee: 100,
      },
    },
    admin,
  )

/** Soon (once the last write's notification is in), a 304 sends no statement at all. */
async function expectA304FromMemory(on: TestApp, etag: string) {
  await vi.waitFor(async () => {
    let status = 0
    const statements = await statementsDuring(on, async () => {
      status = (await fetchOn(on, { 'if-none-match': etag })).statusCode
    })
    expect(status).toBe(304)
    expect(statements).toEqual([])
  })
}

/**
 * Adds an engineer through `other` and waits until `t` answers the back office's data anew
 * (200, not 304 to `etag`) with `other`'s new ETag, which it answers.
 */
async function writeOn(other: TestApp, etag: string): Promise<string> {
  expect((await addEngineer(other, 'e@example.com')).statusCode).toBe(201)
  const moved = await etagOn(other)
  await vi.waitFor(async () => {
    const res = await fetchOn(t, { 'if-none-match': etag })
    expect(res.statusCode).toBe(200)
    expect(res.headers.etag).toBe(moved)
  })
  return moved
}

describe('the admin fetch’s data version, kept in memory', () => {
  it('answers a matching If-None-Match without a statement, and its own write at once', async () => {
    const etag = await etagOn(t)
    await expectA304FromMemory(t, etag)
    expect((await addEngineer(t, 'e@example.com')).statusCode).toBe(201)
    const after = await fetchOn(t, { 'if-none-match': etag })
    expect(after.statusCode).toBe(200)
    await expectA304FromMemory(t, String(after.headers.etag))
  })

  it('reads the version (one primary-key read) when it is not sure of it', async () => {
    const etag = await etagOn(t)
    await expectA304FromMemory(t, etag)
    // A write that bumps nothing still leaves the next poll unsure: it reads once.
    const unseen = await json(t.app, 'POST', '/api/admin/fetch-nothing', {}, admin)
    expect(unseen.statusCode).toBe(404)
    const statements = await statementsDuring(t, async () => {
      expect((await fetchOn(t, { 'if-none-match': etag })).statusCode).toBe(304)
    })
    expect(statements).toHaveLength(1)
    expect(statements[0]).toMatch(/from "data_version" where "data_version"."id" = \$1/)
    await expectA304FromMemory(t, etag)
  })

  it('hears a write made by another server on the same database', async () => {
    const other = await secondServer()
    const etag = await etagOn(t)
    expect(await etagOn(other)).toBe(etag)
    await expectA304FromMemory(t, etag)
    const moved = await writeOn(other, etag)
    await expectA304FromMemory(t, moved)
  })
})

// The same channel carries who must be looked up again: an identity (role, Flag) cached on one
// server goes when another deletes the user or changes what their Flag follows. The test clock
// stands still, so a cached identity would otherwise never expire.
describe('identities cached on another server', () => {
  const timelineOn = (on: TestApp, headers: Record<string, string>) =>
    callRaw(on, 'timeline', {}, headers)
  async function austinClientSeenBy(other: TestApp) {
    const city = await call(
      t,
      'createCity',
      { body: { name: 'Austin', state: 'TX', permitFee: 45_000 } },
      admin,
    )
    const client = await newClient(t, 'pat@example.com')
    expect((await timelineOn(other, client.headers)).statusCode).toBe(200)
    return { city, client }
  }

  it('are dropped when another server deletes the user', async () => {
    const other = await secondServer()
    const { client } = await austinClientSeenBy(other)
    await call(t, 'deleteClient', { id: client.id }, admin)
    await vi.waitFor(async () =>
      expect((await timelineOn(other, client.headers)).statusCode).toBe(401),
    )
  })

  it('are dropped when another server closes their city', async () => {
    const other = await secondServer()
    const { city, client } = await austinClientSeenBy(other)
    await call(t, 'deleteCity', { id: city.id }, admin)
    await vi.waitFor(async () =>
      expect((await timelineOn(other, client.headers)).statusCode).toBe(403),
    )
  })
})

describe.runIf(process.env.TEST_DB === 'postgres')('a lost listening connection', () => {
  it('falls back to reading the version until it listens again', async () => {
    const other = await secondServer()
    const etag = await etagOn(t)
    await expectA304FromMemory(t, etag)
    const ended = await rowsOf(
      t.app.db,
      sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`,
    )
    // Both servers' listeners: neither hears the write below.
    expect(ended).toHaveLength(2)
    const moved = await writeOn(other, etag)
    // Listening again (RELISTEN_MS later): from memory once more.
    await expectA304FromMemory(t, moved)
  })
})
