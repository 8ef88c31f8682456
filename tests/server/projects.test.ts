import crypto from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { EntryData } from '../../contract'
import { ProjectRow, ProjectView } from '../../contract/projects'
import { z } from 'zod/mini'
import { managerRequests, users } from '../../server/db/schema'
import { call, callRaw } from '../support/call'
import { bearer, expectProblem, signIn } from '../support/http'
import { austinPerTest, entryOf, put, stageIds } from './client-kit'
import { drawId } from './money-kit'
import { requestManager } from './manager-kit'
import { signedInManager } from './messages-kit'
import { permitsDone, setToday } from './timeline-kit'
import { digger } from './trade-kit'

const { t, admin, client: bea } = austinPerTest()
type Headers = Record<string, string>

const owner = async (name: string, email: string) => {
  const { session } = await signIn(t, email, { asNewClient: true, details: { name } })
  return { id: session.userData.id, headers: bearer(session.Token) }
}

const listAs = async (headers: Headers) => {
  const res = await callRaw(t, 'projects', {}, headers)
  expect(res.statusCode, res.body).toBe(200)
  return z.array(ProjectRow).parse(res.json().Data)
}

/** Bea: an inspection failed, and a trade paid without its conditional waiver. */
async function failedAndUnwaived(headers: Headers) {
  await permitsDone(t, headers)
  const failed = { status: 'failed', date: '2030-03-14', notes: 'Forms off' }
  await callRaw(t, 'recordInspection', { slug: 'layout', body: failed }, headers)
  const trade = await call(t, 'createTrade', { body: digger }, headers)
  const StageId = (await stageIds(t)).excavation
  const body = { StageId, vendor: digger.company, amount: 800_000, tradeId: trade.id }
  const quote = entryOf(await put(t, '/api/add-quote', body, headers)).quotes.at(-1)
  await callRaw(t, 'acceptQuote', { body: { StageId, quoteId: quote?.id } }, headers)
  const payment = { paidOn: '2030-03-14', amount: 50_000, method: 'check', acknowledge: true }
  const id = await drawId(t, headers, 'excavation', 0)
  const paid = await callRaw(t, 'recordPayment', { id, body: payment }, headers)
  expect(paid.statusCode, paid.body).toBe(201)
}

let zoe: { id: string; headers: Headers }
let cy: { id: string; headers: Headers }
let mo: Awaited<ReturnType<typeof signedInManager>>
beforeEach(async () => {
  cy = await owner('Cy Quiet', 'cy@example.com')
  zoe = await owner('Zoe Late', 'zoe@example.com')
  setToday(t, '2030-03-15')
  await call(t, 'setTimelineStart', { body: { startDate: '2030-03-04' } }, zoe.headers)
  await failedAndUnwaived(bea.headers)
  mo = await signedInManager(t, {
    name: 'Mo Manager',
    email: 'mo@build.example',
    assignedTo: zoe.id,
  })
  const manager = { id: mo.managerId, name: 'Mo Manager' }
  await requestManager(t, cy.id, manager, 'closed')
  await requestManager(t, bea.id, manager, 'contacted')
})

describe('GET /api/admin/projects', () => {
  it('lists every project for an admin, most urgent first, figures as the owner sees them', async () => {
    const rows = await listAs(admin)
    expect(rows.map((r) => [r.owner, r.flags])).toEqual([
      ['Pat Swimmer', ['FAILED_INSPECTION', 'WAIVER']],
      ['Zoe Late', ['LATE']],
      ['Cy Quiet', ['QUIET']],
    ])
    const late = await call(t, 'timeline', {}, zoe.headers)
    expect(rows[1]).toEqual({
      clientId: zoe.id,
      owner: 'Zoe Late',
      city: 'Austin',
      state: 'TX',
      stepsDone: 0,
      forecastFinish: late.end.forecast,
      slipDays: late.end.slipDays,
      nextInspection: { slug: 'layout', title: late.inspections[0]?.title, date: null },
      flags: ['LATE'],
      managers: ['Mo Manager'],
    })
    expect(late.end.slipDays).toBeGreaterThan(0)
    expect(rows[0]).toMatchObject({ stepsDone: 3, forecastFinish: null, managers: [] })
    expect(rows[2]).toMatchObject({ slipDays: null, nextInspection: { slug: 'layout' } })
  })

  it('lists a manager only the projects an accepted request assigns it', async () => {
    expect((await listAs(mo.headers)).map((r) => r.clientId)).toEqual([zoe.id])
    const [request] = await t.app.db
      .select()
      .from(managerRequests)
      .where(eq(managerRequests.clientId, bea.id))
    const move = (status: string) =>
      callRaw(t, 'editManagerRequest', { id: request?.id, body: { status } }, admin)
    expect((await move('accepted')).statusCode).toBe(200)
    expect((await listAs(mo.headers)).map((r) => r.owner)).toEqual(['Pat Swimmer', 'Zoe Late'])
    expect((await move('closed')).statusCode).toBe(200)
    expect((await listAs(mo.headers)).map((r) => r.owner)).toEqual(['Zoe Late'])
    const stranger = await signedInManager(t, { name: 'Sal Stranger', email: 'sal@build.example' })
    expect(await listAs(stranger.headers)).toEqual([])
  })
})

describe('the rows Projects keeps', () => {
  /** Renames the user as a change the project versions do not hear (their triggers off). */
  const renameUnheard = (id: string, name: string) =>
    t.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`)
      await tx.update(users).set({ name }).where(eq(users.id, id))
    })

  it('are made again only for a project whose version moved, whoever lists', async () => {
    const before = await listAs(admin)
    await renameUnheard(cy.id, 'Cy Renamed')
    await renameUnheard(zoe.id, 'Zoe Renamed')
    expect(await listAs(admin)).toEqual(before)
    await call(t, 'setTimelineStart', { body: { startDate: '2030-03-10' } }, cy.headers)
    const after = await listAs(admin)
    expect(after.map((r) => r.owner).sort()).toEqual(['Cy Renamed', 'Pat Swimmer', 'Zoe Late'])
    expect((await listAs(mo.headers)).map((r) => r.owner)).toEqual(['Zoe Late'])
  })
})

describe('GET /api/admin/projects/:clientId', () => {
  const read = (clientId: string, headers: Headers) => callRaw(t, 'project', { clientId }, headers)

  it('answers the project as its owner reads it, to an admin and its manager', async () => {
    for (const headers of [admin, mo.headers]) {
      const res = await read(zoe.id, headers)
      expect(res.statusCode, res.body).toBe(200)
      const view = ProjectView.parse(res.json().Data)
      expect(view.overview.client).toMatchObject({ id: zoe.id, name: 'Zoe Late' })
      expect(view.overview.managers).toEqual([{ id: mo.managerId, name: 'Mo Manager' }])
      expect(view.timeline).toEqual(await call(t, 'timeline', {}, zoe.headers))
      expect(view.money).toEqual(await call(t, 'money', {}, zoe.headers))
      expect(view.trades).toEqual(await call(t, 'trades', {}, zoe.headers))
      expect(view.files).toEqual([])
    }
    const bea1 = ProjectView.parse((await read(bea.id, admin)).json().Data)
    expect(bea1.trades.map((trade) => trade.company)).toEqual([digger.company])
  })

  it('is 404 to a manager not assigned and for no such client, 403 to a client', async () => {
    expectProblem(await read(bea.id, mo.headers), 404, 'NOT_FOUND')
    expectProblem(await read(crypto.randomUUID(), admin), 404, 'NOT_FOUND')
    expectProblem(await read(zoe.id, zoe.headers), 403, 'FORBIDDEN')
  })
})

describe('POST /api/admin/projects/:clientId/quotes', () => {
  const enter = (clientId: string, body: unknown, headers: Headers) =>
    callRaw(t, 'enterQuote', { clientId, body }, headers)
  const bid = { step: 'excavation', vendor: 'Deep Dig Co', amount: 700_000, note: 'by phone' }

  it("adds the manager's quote to the owner's entry, marked with its name", async () => {
    const trade = await call(t, 'createTrade', { body: digger }, zoe.headers)
    const res = await enter(zoe.id, { ...bid, tradeId: trade.id }, mo.headers)
    expect(res.statusCode, res.body).toBe(201)
    const entry = EntryData.parse(res.json().Data)
    expect(entry.quotes.at(-1)).toMatchObject({
      vendor: 'Deep Dig Co',
      amount: 700_000,
      tradeId: trade.id,
      enteredBy: 'Mo Manager',
    })
    const own = await call(t, 'poolData', {}, zoe.headers)
    const quotes = own.poolChoices.flatMap((e) => e.quotes)
    expect(quotes.map((q) => q.enteredBy)).toEqual(['Mo Manager'])
  })

  it('refuses a trade that is not the owner’s for the step (400), as add-quote does', async () => {
    const trade = { ...digger, email: 'other@dig.example' }
    const other = await call(t, 'createTrade', { body: trade }, bea.headers)
    const res = await enter(zoe.id, { ...bid, tradeId: other.id }, mo.headers)
    expect(expectProblem(res, 400).errors).toHaveProperty('tradeId')
  })

  it('is 404 to a manager not assigned, 403 to an admin and a client', async () => {
    expectProblem(await enter(bea.id, bid, mo.headers), 404, 'NOT_FOUND')
    expectProblem(await enter(zoe.id, bid, admin), 403, 'FORBIDDEN')
    expectProblem(await enter(zoe.id, bid, zoe.headers), 403, 'FORBIDDEN')
  })
})
