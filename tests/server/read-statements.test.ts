import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routes, type CallName } from '../../contract/routes'
import { rowsOf } from '../../server/db/driver/client'
import { dateProposals } from '../../server/db/schema'
import { build, type TestApp } from '../support/build'
import { call, callRaw, type RawInput } from '../support/call'
import { statementsDuring } from '../support/statements'
import { newClient, serveAustin } from './client-kit'
import { pdf, uploaded } from './files-kit'
import { drawId, pay, signed } from './money-kit'
import { permitsDone, setToday } from './timeline-kit'
import { bidRequest } from './trade-kit'

// What each of a project's reads costs in statements, on a project with something in every
// list: the timeline one, money two (its own and the timeline's), and the passport two (the
// timeline's, read once for its money, warranties and start-up log, and the rest in one).
// Every read is counted on its second call: the first also reads the project's versions for its
// ETag (client-etag.ts), which the server then keeps, so the count is the read's own.

type Headers = Record<string, string>
let t: TestApp
let owner: { id: string; headers: Headers }

/** A project with something in every list: each read has rows to compose. */
async function busyProject() {
  setToday(t, '2030-03-10')
  await call(t, 'setTimelineStart', { body: { startDate: '2030-03-02' } }, owner.headers)
  await permitsDone(t, owner.headers)
  await call(
    t,
    'recordInspection',
    { slug: 'layout', body: { status: 'passed', date: '2030-03-09' } },
    owner.headers,
  )
  const { trade, request } = await bidRequest(t, owner)
  await t.app.db.insert(dateProposals).values({
    clientId: owner.id,
    bidRequestId: request.id,
    step: 'excavation',
    start: '2030-03-20',
  })
  await signed(t, owner.headers, 'excavation', 800_000)
  expect(
    (await pay(t, owner.headers, await drawId(t, owner.headers, 'excavation', 0), 50_000))
      .statusCode,
  ).toBe(201)
  const file = await uploaded(
    t,
    owner.headers,
    { name: 'waiver.pdf', bytes: pdf() },
    { kind: 'lien-waiver' },
  )
  const log = { step: 'excavation' as const, date: '2030-03-09', text: 'Dug', fileIds: [file.id] }
  await call(t, 'addLogEntry', { body: log }, owner.headers)
  const warranty = await call(
    t,
    'setWarranty',
    {
      body: { step: 'excavation', provider: 'Deep Dig Co', termMonths: 12, startsOn: '2030-03-09' },
    },
    owner.headers,
  )
  const pump = {
    kind: 'pump',
    make: 'Pentair',
    model: 'IntelliFlo',
    warrantyId: warranty.id,
  } as const
  await call(t, 'addEquipment', { body: pump }, owner.headers)
  const notice = {
    claimant: 'Rebar Supply',
    role: 'supplier',
    tradeId: trade.id,
    receivedOn: '2030-03-05',
  } as const
  await call(t, 'createNotice', { body: notice }, owner.headers)
  await call(t, 'postMessage', { thread: 'project', body: { text: 'Hello' } }, owner.headers)
  await call(t, 'setStartupDay', { day: '1', body: { ph: 7.4 } }, owner.headers)
}

beforeAll(async () => {
  t = await build()
  await serveAustin(t)
  owner = await newClient(t, 'reads@example.com')
  await busyProject()
})
afterAll(() => t.app.close())

/** What each of a project's reads is held to, in statements. */
const COUNTS: Record<string, number> = {
  poolData: 1,
  timeline: 1,
  notifications: 1,
  money: 2,
  notices: 1,
  files: 1,
  logs: 2,
  warranties: 2,
  equipment: 1,
  startupLog: 2,
  passport: 2,
  threads: 1,
  threadMessages: 1,
  trades: 1,
  bidRequests: 1,
  scope: 1,
  checklists: 2,
}

const INPUTS: Partial<Record<string, RawInput>> = { threadMessages: { thread: 'project' } }

const PROJECT_READS = Object.entries(routes)
  .filter(([, def]) => def.method === 'GET' && 'etag' in def && def.etag === true)
  .filter(([, def]) => def.access === 'builder')
  .map(([name]) => name as CallName)

describe("a project's reads", () => {
  it('are each held to a count here', () => {
    expect(Object.keys(COUNTS).sort()).toEqual([...PROJECT_READS].sort())
  })

  it.each(PROJECT_READS)('%s costs what it is held to, on its second call', async (name) => {
    const read = () => callRaw(t, name, INPUTS[name] ?? {}, owner.headers)
    // The caller's identity and the stages are kept a few seconds from when they were read, not
    // from their last use: read afresh by the first call, they are still kept for the second
    // however long the earlier tests took.
    t.app.users.forget(owner.id)
    t.app.stages.invalidate()
    const first = await read()
    expect(first.statusCode, first.body).toBe(200)
    // The first answer is kept under its tag and would be sent again without a statement.
    t.app.keptAnswers.clear()
    let status = 0
    const statements = await statementsDuring(t, async () => {
      status = (await read()).statusCode
    })
    expect(status).toBe(200)
    expect(statements, statements.join('\n\n')).toHaveLength(COUNTS[name] ?? 0)
  })
})

describe('what the reads filter on', () => {
  it('is indexed: every table with a client_id has an index that starts with it', async () => {
    const unindexed = await rowsOf<{ table: string }>(
      t.app.db,
      sql`select c.table_name as "table" from information_schema.columns c
        where c.column_name = 'client_id' and c.table_schema = current_schema()
          and not exists (select 1 from pg_index i
            join pg_class r on r.oid = i.indrelid
            join pg_attribute a on a.attrelid = r.oid and a.attnum = i.indkey[0]
            where r.relname = c.table_name and r.relnamespace = current_schema()::regnamespace
              and a.attname = 'client_id')`,
    )
    expect(unindexed).toEqual([])
  })
})

describe('counting statements', () => {
  it('counts those a transaction sends on its own connection, not its begin and commit', async () => {
    const statements = await statementsDuring(t, () =>
      t.app.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 as one`)
        await tx.execute(sql`select 2 as two`)
      }),
    )
    expect(statements).toEqual(['select 1 as one', 'select 2 as two'])
  })
})
