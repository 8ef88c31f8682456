import { sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { REFERENCE_POOL } from '../../contract/estimator'
import { routes, type CallName } from '../../contract/routes'
import { rowsOf } from '../../server/db/driver/client'
import { CLIENT_ETAG_WINDOW_MS } from '../../server/plugins/core/client-etag'
import { build, type TestApp } from '../support/build'
import { buildAsAdmin } from '../support/http'
import { callRaw } from '../support/call'
import { newClient, serveAustin } from './client-kit'
import { addQuote, drawId, keyOf, pay, signed } from './money-kit'
import { statementsDuring } from '../support/statements'
import { png, uploaded } from './files-kit'

// A project's reads answer 304 to the ETag of what they showed while nothing of the project (nor
// the reference data it reads) changed: server/plugins/core/client-etag.ts, migration 0025.

type Headers = Record<string, string>
let t: TestApp
let admin: Headers
let owner: { id: string; headers: Headers }
const others: TestApp[] = []

beforeEach(async () => {
  ;({ t, admin } = await buildAsAdmin())
  await serveAustin(t)
  owner = await newClient(t, 'pat@example.com')
  // A second after a window starts: no test here runs into the next one.
  t.clock.advance(CLIENT_ETAG_WINDOW_MS - (t.clock.now().getTime() % CLIENT_ETAG_WINDOW_MS) + 1000)
})
afterEach(async () => {
  await Promise.all(others.splice(0).map((other) => other.app.close()))
  await t.app.close()
})

const read = (name: CallName, headers: Headers, etag?: string, on = t) =>
  callRaw(on, name, {}, etag ? { ...headers, 'if-none-match': etag } : headers)

async function etagOf(name: CallName, headers = owner.headers, on = t) {
  const res = await read(name, headers, undefined, on)
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers.etag).toMatch(/^W\/"/)
  return String(res.headers.etag)
}

/** Soon (once the last write's notification is in), a 304 sends no statement at all. */
async function expectA304FromMemory(name: CallName, etag: string, on = t) {
  await vi.waitFor(async () => {
    let status = 0
    const statements = await statementsDuring(on, async () => {
      status = (await read(name, owner.headers, etag, on)).statusCode
    })
    expect(status).toBe(304)
    expect(statements).toEqual([])
  })
}

const PROJECT_READS = Object.entries(routes)
  .filter(([, def]) => def.method === 'GET' && def.access === 'builder' && !('sends' in def))
  .map(([name]) => name as CallName)

describe("a project's reads", () => {
  it('each say they answer 304, in the route table', () => {
    for (const name of PROJECT_READS) expect(routes[name], name).toHaveProperty('etag', true)
  })

  it.each(['timeline', 'money', 'files', 'poolData', 'trades'] as CallName[])(
    '%s answers its own ETag 304, from memory, and a write of the project 200',
    async (name) => {
      const etag = await etagOf(name)
      await expectA304FromMemory(name, etag)
      const edited = await callRaw(
        t,
        'editPool',
        { body: { Title: 'Pool Design', choices: REFERENCE_POOL } },
        owner.headers,
      )
      expect(edited.statusCode, edited.body).toBe(200)
      const after = await read(name, owner.headers, etag)
      expect(after.statusCode).toBe(200)
      expect(after.headers.etag).not.toBe(etag)
    },
  )
})

/** Writes that change what the timeline and money show: a saved design and a start date. */
async function designAndStart(headers: Headers) {
  const body = { Title: 'Pool Design', choices: REFERENCE_POOL }
  const edited = await callRaw(t, 'editPool', { body }, headers)
  expect(edited.statusCode, edited.body).toBe(200)
  const startDate = new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString().slice(0, 10)
  const started = await callRaw(t, 'setTimelineStart', { body: { startDate } }, headers)
  expect(started.statusCode, started.body).toBe(200)
}

describe("a project's kept answers", () => {
  it.each(['timeline', 'money', 'files'] as CallName[])(
    '%s is sent again without a statement while its tag holds, and read afresh once it moves',
    async (name) => {
      const first = await read(name, owner.headers)
      expect(first.statusCode, first.body).toBe(200)
      await vi.waitFor(async () => {
        let again = { statusCode: 0, body: '', etag: '' }
        const statements = await statementsDuring(t, async () => {
          const res = await read(name, owner.headers)
          again = { statusCode: res.statusCode, body: res.body, etag: String(res.headers.etag) }
        })
        expect(again).toEqual({ statusCode: 200, body: first.body, etag: first.headers.etag })
        expect(statements).toEqual([])
      })
      await designAndStart(owner.headers)
      const after = await read(name, owner.headers)
      expect(after.headers.etag).not.toBe(first.headers.etag)
      if (name !== 'files') expect(after.body).not.toBe(first.body)
    },
  )

  it("never sends one project's answer to another, nor one address's to another", async () => {
    const neighbour = await newClient(t, 'neighbour@example.com')
    await designAndStart(owner.headers)
    const mine = (await read('money', owner.headers)).body
    const theirs = await read('money', neighbour.headers)
    expect(theirs.statusCode).toBe(200)
    expect(theirs.body).not.toBe(mine)
    expect((await read('money', neighbour.headers)).body).toBe(theirs.body)
    expect((await read('money', owner.headers)).body).toBe(mine)
    await uploaded(t, owner.headers, { name: 'yard.png', bytes: await png(), type: 'image/png' })
    const all = await callRaw(t, 'files', {}, owner.headers)
    const plans = await callRaw(t, 'files', { query: { kind: 'plan' } }, owner.headers)
    expect(plans.headers.etag).toBe(all.headers.etag)
    const count = (res: { json: () => { Data: unknown[] } }) => res.json().Data.length
    expect([count(all), count(plans)]).toEqual([1, 0])
  })
})

describe("a project's version", () => {
  const moves = async (write: () => Promise<{ statusCode: number; body: string }>) => {
    const etag = await etagOf('money')
    const written = await write()
    expect(written.statusCode, written.body).toBeLessThan(300)
    return (await read('money', owner.headers, etag)).statusCode === 200
  }

  it("moves with a quote (a row that names its project through the pool's entry)", async () => {
    const key = await keyOf(t, 'excavation')
    const add = () =>
      callRaw(t, 'addQuote', { body: { ...key, vendor: 'Dig Co', amount: 800_000 } }, owner.headers)
    expect(await moves(add)).toBe(true)
  })

  it('moves with a payment', async () => {
    await signed(t, owner.headers, 'excavation', 800_000)
    const draw = await drawId(t, owner.headers, 'excavation', 0)
    expect(await moves(() => pay(t, owner.headers, draw, 50_000))).toBe(true)
  })

  it('moves with the reference data every project reads (a step’s duration)', async () => {
    const edit = () =>
      callRaw(
        t,
        'editSchedule',
        { step: 'excavation', body: { durationDays: 9, waitDays: 1 } },
        admin,
      )
    expect(await moves(edit)).toBe(true)
  })

  it("stays with another project's write, and another client's ETag is never this one's", async () => {
    const neighbour = await newClient(t, 'neighbour@example.com')
    const etag = await etagOf('timeline')
    expect(await etagOf('timeline', neighbour.headers)).not.toBe(etag)
    await addQuote(t, neighbour.headers, 'excavation', 500_000)
    expect((await read('timeline', owner.headers, etag)).statusCode).toBe(304)
    expect((await read('timeline', neighbour.headers, etag)).statusCode).toBe(200)
  })

  it('moves when the window of its signed addresses ends', async () => {
    const etag = await etagOf('files')
    t.clock.advance(CLIENT_ETAG_WINDOW_MS)
    expect((await read('files', owner.headers, etag)).statusCode).toBe(200)
  })

  it('is heard by another server on the same database', async () => {
    const other = await build({}, { besides: t })
    others.push(other)
    const etag = await etagOf('timeline', owner.headers, other)
    await expectA304FromMemory('timeline', etag, other)
    await addQuote(t, owner.headers, 'excavation', 800_000)
    await vi.waitFor(async () =>
      expect((await read('timeline', owner.headers, etag, other)).statusCode).toBe(200),
    )
  })
})

describe("the project versions' triggers", () => {
  it('are on every table with a client_id, and on those that name a project another way', async () => {
    const missing = await rowsOf<{ table: string }>(
      t.app.db,
      sql`select c.table_name as "table" from information_schema.columns c
        join information_schema.tables using (table_schema, table_name)
        where c.column_name = 'client_id' and c.table_schema = current_schema()
          and table_type = 'BASE TABLE' and c.table_name <> 'client_versions'
          and not exists (select 1 from pg_trigger g where not g.tgisinternal
            and g.tgrelid = (quote_ident(c.table_name))::regclass
            and g.tgname = c.table_name || '_bump_client_version')`,
    )
    expect(missing).toEqual([])
    const children = await rowsOf<{ table: string }>(
      t.app.db,
      sql`select tgrelid::regclass::text as "table" from pg_trigger
        where tgname like '%bump_client_version' and tgfoid = 'bump_client_version_by'::regproc
        order by 1`,
    )
    expect(children.map((row) => row.table)).toEqual([
      'clients',
      'log_entry_files',
      'notice_waivers',
      'quotes',
      'trade_files',
      'users',
    ])
  })
})
