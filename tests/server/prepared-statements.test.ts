import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { PGlite } from '@electric-sql/pglite'
import {
  prepareNamed,
  preparedStatement,
  rowsOf,
  type Db,
  type Tx,
} from '../../server/db/driver/client'
import { users } from '../../server/db/schema'
import { isCheckViolation } from '../../server/lib/db-errors'
import { build, type TestApp } from '../support/build'
import { TEST_ADMIN_EMAIL } from '../support/template'

// preparedStatement builds a statement's text and names it once and binds it after that: on PostgreSQL through
// node-postgres, on PGlite through its protocol. Either way a call must answer exactly what an
// unnamed statement answers, and fail and lock as one does.
let t: TestApp
let db: Db
beforeAll(async () => {
  t = await build()
  db = t.database.db
  await db.execute(sql`create table prepared_probe (
    id integer primary key,
    label text not null,
    data jsonb not null,
    flag boolean,
    at timestamptz not null,
    constraint prepared_probe_small check (id < 1000)
  )`)
})
afterAll(async () => {
  await db.execute(sql`drop table prepared_probe`)
  await t.app.close()
})

type Probe = { id: number; label: string; data: unknown; flag: boolean | null; at: string }

type ProbeValues = { id: number; label: string; data: string; flag: boolean | null; at: string }

const probeUpsert = preparedStatement<Probe, ProbeValues>(
  sql`insert into prepared_probe (id, label, data, flag, at)
    values (${sql.placeholder('id')}::integer, ${sql.placeholder('label')},
      ${sql.placeholder('data')}::jsonb, ${sql.placeholder('flag')}::boolean,
      ${sql.placeholder('at')}::timestamptz)
    on conflict (id) do update set label = excluded.label, data = excluded.data,
      flag = excluded.flag, at = excluded.at
    returning id, label, data, flag, at`,
)

const upsert = (
  query: Db | Tx,
  id: number,
  label: string,
  data: unknown,
  flag: boolean | null,
  at: string,
) => probeUpsert.rows(query, { id, label, data: JSON.stringify(data), flag, at })

const readBack = (id: number) =>
  sql`select id, label, data, flag, at from prepared_probe where id = ${id}::integer`

describe('a prepared statement', () => {
  it('answers each call with its own values, as an unnamed statement does', async () => {
    const first = await upsert(db, 1, 'first', { lengthFt: 24 }, true, '2030-03-04T10:00:00.000Z')
    const second = await upsert(
      db,
      2,
      "it's second",
      { items: ['a', 'b'] },
      null,
      '2030-03-05T11:30:00.000Z',
    )
    expect(first.map((row) => [row.id, row.label, row.data, row.flag])).toEqual([
      [1, 'first', { lengthFt: 24 }, true],
    ])
    expect(second.map((row) => [row.id, row.label, row.data, row.flag])).toEqual([
      [2, "it's second", { items: ['a', 'b'] }, null],
    ])
    // Times come back as PostgreSQL's text, as drizzle's raw rows give them.
    expect(first).toEqual(await rowsOf<Probe>(db, readBack(1)))
    expect(second).toEqual(await rowsOf<Probe>(db, readBack(2)))
    expect(typeof second[0]?.at).toBe('string')
  })

  it('fails with the database error and leaves the connection usable', async () => {
    const refused = upsert(db, 5000, 'too big', {}, false, '2030-03-04T10:00:00Z')
    const error: unknown = await refused.catch((caught: unknown) => caught)
    expect(isCheckViolation(error, 'prepared_probe_small')).toBe(true)
    const [row] = await upsert(db, 3, 'after the error', {}, false, '2030-03-04T10:00:00Z')
    expect(row?.label).toBe('after the error')
    expect(await rowsOf(db, readBack(5000))).toEqual([])
  })

  it('fails when PostgreSQL cannot prepare it and leaves the connection usable', async () => {
    const broken = preparedStatement<Probe, { id: number }>(
      sql`select no_such_column from prepared_probe where id = ${sql.placeholder('id')}::integer`,
    )
    await expect(broken.rows(db, { id: 1 })).rejects.toThrow(/no_such_column/)
    await expect(broken.rows(db, { id: 1 })).rejects.toThrow(/no_such_column/)
    const [row] = await upsert(db, 4, 'after the refusal', {}, null, '2030-03-04T10:00:00Z')
    expect(row?.label).toBe('after the refusal')
  })

  it('runs in a transaction it is given, and outside one it is not', async () => {
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    let opened = () => {}
    const open = new Promise<void>((resolve) => (opened = resolve))
    const transaction = db
      .transaction(async (tx) => {
        await upsert(tx, 10, 'rolled back', {}, null, '2030-03-04T10:00:00Z')
        opened()
        await held
        tx.rollback()
      })
      .catch((caught: unknown) => caught)
    // A call on the database while the transaction is open is not part of it.
    await open
    const outside = upsert(db, 11, 'kept', {}, null, '2030-03-04T10:00:00Z')
    await new Promise((resolve) => setTimeout(resolve, 50))
    release()
    await transaction
    await outside
    expect(await rowsOf(db, readBack(10))).toEqual([])
    expect((await rowsOf<Probe>(db, readBack(11))).map((row) => row.label)).toEqual(['kept'])
  })
})

/** The PGlite handle under `db`. */
const pgliteOf = (query: Db) => (query as unknown as { $client: PGlite }).$client

/** The type byte of each protocol message in `message`, which runs them back to back. */
function messageTypes(message: Uint8Array): string[] {
  const view = new DataView(message.buffer, message.byteOffset, message.byteLength)
  const found: string[] = []
  for (let at = 0; at < message.length; at += 1 + view.getInt32(at + 1)) {
    found.push(String.fromCharCode(message[at] ?? 0))
  }
  return found
}

describe('PGlite', () => {
  it('takes a prepared call in one message: Bind, Describe, Execute and Sync', async () => {
    if (t.database.kind !== 'pglite') return
    await upsert(db, 20, 'prepared', {}, null, '2030-03-04T10:00:00Z')
    const sent = vi.spyOn(pgliteOf(db), 'execProtocolStream')
    try {
      const [row] = await upsert(db, 21, 'one message', {}, null, '2030-03-04T10:00:00Z')
      expect(row?.label).toBe('one message')
      expect(sent.mock.calls.map(([message]) => messageTypes(message))).toEqual([
        ['B', 'D', 'E', 'S'],
      ])
    } finally {
      sent.mockRestore()
    }
  })

  it('takes any other query in two messages: Parse and Describe, then the rest', async () => {
    if (t.database.kind !== 'pglite') return
    const sent = vi.spyOn(pgliteOf(db), 'execProtocolStream')
    try {
      const [row] = await rowsOf<Probe>(db, readBack(1))
      expect(row?.label).toBe('first')
      await db.transaction(async (tx) => {
        expect(await rowsOf(tx, readBack(1))).toEqual([row])
      })
      const messages = sent.mock.calls.map(([message]) => messageTypes(message))
      expect(messages.slice(0, 2)).toEqual([
        ['P', 'D'],
        ['B', 'D', 'E', 'S'],
      ])
      // The transaction's BEGIN and COMMIT, and its query in the same two messages.
      expect(messages.filter((types) => types[0] === 'P' || types[0] === 'B')).toEqual([
        ['P', 'D'],
        ['B', 'D', 'E', 'S'],
        ['P', 'D'],
        ['B', 'D', 'E', 'S'],
      ])
    } finally {
      sent.mockRestore()
    }
  })

  it('fails a query with the database error and leaves the session usable', async () => {
    await expect(db.execute(sql`select label from no_such_table`)).rejects.toThrow()
    await expect(db.execute(sql`select 1 / ${0}::integer`)).rejects.toThrow()
    const refused = await db
      .transaction(async (tx) => {
        await upsert(tx, 30, 'rolled back', {}, null, '2030-03-04T10:00:00Z')
        await tx.execute(sql`select 1 / ${0}::integer`)
      })
      .catch((caught: unknown) => caught)
    expect(String((refused as { cause?: unknown }).cause ?? refused)).toMatch(/division by zero/)
    expect(await rowsOf(db, readBack(30))).toEqual([])
    const [row] = await rowsOf<Probe>(db, readBack(1))
    expect(row?.label).toBe('first')
  })

  it('reads times as text itself, and keeps any other parser a query brings', async () => {
    if (t.database.kind !== 'pglite') return
    const { rows } = await pgliteOf(db).query<{ n: string; at: unknown; day: unknown }>(
      `select 1::integer as n, now() as at, current_date as day`,
      [],
      { parsers: { 23: (value: string) => `integer ${value}` } },
    )
    expect(rows[0]?.n).toBe('integer 1')
    expect(typeof rows[0]?.at).toBe('string')
    expect(rows[0]?.day).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })
})

describe('a drizzle query prepared by name', () => {
  it('answers each call with its own values, mapped as the unprepared query is', async () => {
    await db.insert(users).values({ email: 'second@example.com', name: 'Second', role: 'CLIENT' })
    const byEmail = (email: ReturnType<typeof sql.placeholder> | string) =>
      db
        .select({ id: users.id, email: users.email, role: users.role, createdAt: users.createdAt })
        .from(users)
        .where(eq(users.email, email))
    const prepared = prepareNamed(byEmail(sql.placeholder('email')), 'probe_user_by_email')
    for (const email of [TEST_ADMIN_EMAIL, 'second@example.com', TEST_ADMIN_EMAIL]) {
      const rows = await prepared.execute({ email })
      expect(rows.map((row) => row.email)).toEqual([email])
      expect(rows[0]?.createdAt).toBeInstanceOf(Date)
      expect(rows).toEqual(await byEmail(email))
    }
    expect(await prepared.execute({ email: 'nobody@example.com' })).toEqual([])
  })

  it('is prepared on PGlite, whose one session lists it', async () => {
    // PostgreSQL's pool prepares it on each connection that runs it: no one session to ask.
    if (t.database.kind !== 'pglite') return
    const named = await rowsOf<{ name: string }>(
      db,
      sql`select name from pg_prepared_statements order by name`,
    )
    const names = named.map((row) => row.name)
    expect(names).toContain('probe_user_by_email')
    // preparedStatement's, from the first describe.
    expect(names.some((name) => name.startsWith('poolpath_'))).toBe(true)
  })
})
