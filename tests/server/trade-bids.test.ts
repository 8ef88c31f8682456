import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { bidRequests, dateProposals, poolEntries, quotes, scopeItems } from '../../server/db/schema'
import { call } from '../support/call'
import { expectProblem, lastMail } from '../support/http'
import { austinPerTest, stageIds } from './client-kit'
import { pdf, uploaded } from './files-kit'
import { setToday } from './timeline-kit'
import {
  bidRequest,
  digger,
  saveDesign,
  seedScope,
  tradeCall,
  tradeSignIn,
  viewOf,
} from './trade-kit'

const { t, client } = austinPerTest()
let trade: Record<string, string>
let itemIds: string[]
let requestId: string
beforeEach(async () => {
  setToday(t, '2030-03-01')
  await saveDesign(t, client.headers)
  await seedScope(t)
  const made = await bidRequest(t, client)
  requestId = made.request.id
  trade = (await tradeSignIn(t, made.token)).headers
  const items = await t.app.db
    .select()
    .from(scopeItems)
    .where(eq(scopeItems.step, 'excavation'))
    .orderBy(scopeItems.position)
  itemIds = items.map((item) => item.id)
})

const bid = (body: object, headers = trade) => tradeCall(t, 'PUT', '/api/trade/bid', headers, body)
const aBid = () => ({
  amount: 1_580_000,
  items: itemIds.map((itemId, i) => ({ itemId, included: i > 0 })),
  note: 'Two days with one excavator.',
  validUntil: '2030-04-30',
})
/** The owner's quotes, as stored. */
const ownerQuotes = async () =>
  (
    await t.app.db
      .select({ quote: quotes })
      .from(quotes)
      .innerJoin(poolEntries, eq(poolEntries.id, quotes.entryId))
      .where(eq(poolEntries.clientId, client.id))
      .orderBy(quotes.createdAt)
  ).map((row) => row.quote)

/** The owner accepts the trade's bid. */
async function acceptBid() {
  const [quote] = await ownerQuotes()
  const { excavation } = await stageIds(t)
  await call(
    t,
    'acceptQuote',
    { body: { StageId: excavation ?? '', quoteId: quote?.id ?? '', acknowledge: true } },
    client.headers,
  )
}

describe("the trade's bid package", () => {
  it('holds the step, the address, its quantities, scope, planned dates and attached files', async () => {
    const plan = await uploaded(
      t,
      client.headers,
      { name: 'plan.pdf', bytes: pdf() },
      {
        kind: 'plan',
      },
    )
    await t.app.db
      .update(bidRequests)
      .set({ fileIds: [plan.id] })
      .where(eq(bidRequests.id, requestId))
    await call(t, 'setTimelineStart', { body: { startDate: '2030-03-02' } }, client.headers)
    const view = viewOf(await tradeCall(t, 'GET', '/api/trade', trade))
    expect(view.request).toMatchObject({
      step: 'excavation',
      title: 'Excavation',
      dueOn: '2030-03-15',
      status: 'viewed',
      message: 'Access is from the back alley.',
    })
    expect(view.project).toEqual({
      ownerName: 'Pat Swimmer',
      address: expect.any(String),
      city: 'Austin',
      state: 'TX',
      timeZone: 'America/Chicago',
    })
    expect(view.quantities).toEqual([{ label: 'Dig', value: expect.any(Number), unit: 'yd³' }])
    expect(view.scope.map((item) => item.id)).toEqual(itemIds)
    expect(view.scope[0]?.text).toBe('Haul-off of the soil')
    expect(view.planned).toEqual({ start: expect.any(String), end: expect.any(String) })
    expect(view.files.map((file) => [file.id, file.name])).toEqual([[plan.id, 'plan.pdf']])
    expect(view.files[0]?.urls.original).toMatch(/sig=/)
    expect(view).toMatchObject({ bid: null, award: null, payments: [] })
  })

  it("never shows other trades' bids, the owner's quotes, the estimate or the budget", async () => {
    const { excavation } = await stageIds(t)
    await call(
      t,
      'addQuote',
      { body: { StageId: excavation ?? '', vendor: 'Rival Rocks', amount: 1_234_567 } },
      client.headers,
    )
    const body = (await tradeCall(t, 'GET', '/api/trade', trade)).body
    expect(body).not.toMatch(/Rival Rocks|1234567|estimate|budget|committed|steel/i)
  })
})

describe("the trade's bid", () => {
  it("becomes the owner's quote on the step, emails the owner, and replaces itself", async () => {
    const view = viewOf(await bid(aBid()))
    expect(view.request.status).toBe('submitted')
    expect(view.bid).toMatchObject({ amount: 1_580_000, validUntil: '2030-04-30' })
    const [quote] = await ownerQuotes()
    expect(quote).toMatchObject({
      vendor: digger.company,
      amount: 1_580_000,
      bidRequestId: requestId,
      tradeId: expect.any(String),
      validUntil: '2030-04-30',
      items: aBid().items,
    })
    const mail = await lastMail(t, 'c@example.com')
    expect(mail.subject).toBe('New bid from Deep Dig Co for Excavation')

    viewOf(await bid({ ...aBid(), amount: 1_500_000 }))
    const quotes = await ownerQuotes()
    expect(quotes.map((q) => [q.id, q.amount])).toEqual([[quote?.id, 1_500_000]])
  })

  it('refuses items outside the step’s scope, and a file that is not its own upload', async () => {
    const [steelItem] = await t.app.db.select().from(scopeItems).where(eq(scopeItems.step, 'steel'))
    const foreign = { ...aBid(), items: [{ itemId: steelItem?.id, included: true }] }
    expect(expectProblem(await bid(foreign), 400).errors?.items).toBeDefined()
    const twice = { ...aBid(), items: [...aBid().items, aBid().items[0]] }
    expect(expectProblem(await bid(twice), 400).errors?.items).toBeDefined()
    const owners = await uploaded(t, client.headers, { name: 'x.pdf', bytes: pdf() })
    const file = await bid({ ...aBid(), fileId: owners.id })
    expect(expectProblem(file, 400).errors?.fileId).toBeDefined()
    expect(await ownerQuotes()).toEqual([])
  })

  it('closes after the due date (409 BID_CLOSED)', async () => {
    await t.app.db
      .update(bidRequests)
      .set({ dueOn: '2030-02-28' })
      .where(eq(bidRequests.id, requestId))
    expectProblem(await bid(aBid()), 409, 'BID_CLOSED')
  })

  it('is fixed once accepted (409 BID_ACCEPTED), and shows the award', async () => {
    viewOf(await bid(aBid()))
    await acceptBid()
    expectProblem(await bid(aBid()), 409, 'BID_ACCEPTED')
    const view = viewOf(await tradeCall(t, 'GET', '/api/trade', trade))
    expect(view.award).toMatchObject({ amount: 1_580_000, changeOrders: 0 })
    expect(view.award?.draws.reduce((sum, d) => sum + d.amount, 0)).toBe(1_580_000)
  })

  it('counts against the 5 quotes of a step', async () => {
    const { excavation } = await stageIds(t)
    for (let i = 0; i < 5; i++)
      await call(
        t,
        'addQuote',
        { body: { StageId: excavation ?? '', vendor: `V${i}`, amount: 100 } },
        client.headers,
      )
    expectProblem(await bid(aBid()), 409)
  })

  it('declines with a reason', async () => {
    const view = viewOf(
      await tradeCall(t, 'PUT', '/api/trade/decline', trade, { reason: 'Booked' }),
    )
    expect(view.request.status).toBe('declined')
    const [row] = await t.app.db.select().from(bidRequests).where(eq(bidRequests.id, requestId))
    expect(row).toMatchObject({ declineReason: 'Booked', respondedAt: expect.any(Date) })
  })
})

describe("the awarded trade's dates", () => {
  const dates = (body: object) => tradeCall(t, 'PUT', '/api/trade/dates', trade, body)

  it('are answered only after award; a new proposal replaces the open one', async () => {
    expectProblem(await dates({ confirm: true }), 409, 'NOT_AWARDED')
    viewOf(await bid(aBid()))
    await acceptBid()
    expect(viewOf(await dates({ confirm: true })).award?.dates.confirmed).toBe(true)
    viewOf(await dates({ start: '2030-03-20', note: 'Rig is busy' }))
    const view = viewOf(await dates({ start: '2030-03-22' }))
    expect(view.award?.dates.proposed).toBe('2030-03-22')
    const rows = await t.app.db
      .select()
      .from(dateProposals)
      .where(eq(dateProposals.bidRequestId, requestId))
    expect(rows.map((row) => [row.start, row.status])).toEqual([['2030-03-22', 'open']])
  })
})
