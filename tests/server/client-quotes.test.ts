import { and, count, eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { MAX_QUOTES_PER_ENTRY } from '../../contract'
import { defaultDraws } from '../../contract/money-rules'
import { contracts, draws, poolEntries, quotes } from '../../server/db/schema'
import { expectProblem, signIn, snapshot } from '../support/http'
import { callRaw } from '../support/call'
import { austinPerTest, entryOf, newClient, quote, stageIds } from './client-kit'

const { t, client } = austinPerTest()
let excavation: string
beforeEach(async () => {
  excavation = (await stageIds(t)).excavation ?? ''
})

const addQuote = (vendor: string, amount?: number, headers = client.headers) =>
  callRaw(t, 'addQuote', { body: { StageId: excavation, ...quote(vendor, amount) } }, headers)

/** Adds quotes one by one and answers the entry holding them. */
async function withQuotes(n: number, headers = client.headers) {
  let last = null
  for (let i = 1; i <= n; i++) last = entryOf(await addQuote(`Vendor ${i}`, i * 100_000, headers))
  if (!last) throw new Error('no quotes added')
  return last
}

const quotesHeld = async (clientId = client.id) => {
  const [row] = await t.app.db
    .select({ n: count() })
    .from(quotes)
    .innerJoin(poolEntries, eq(poolEntries.id, quotes.entryId))
    .where(and(eq(poolEntries.clientId, clientId), eq(poolEntries.stageId, excavation)))
  return row?.n ?? 0
}

describe('PUT /api/add-quote and /api/add-quote1', () => {
  it('adds quotes to a stage in the order they came, creating the entry', async () => {
    const first = entryOf(await addQuote('Dig Co', 832_000))
    expect(first).toMatchObject({ StageId: excavation, choices: {}, done: false })
    expect(first.quotes).toMatchObject([
      { vendor: 'Dig Co', amount: 832_000, note: 'incl. haul', accepted: false },
    ])
    t.clock.advance(1000)
    const second = entryOf(await addQuote('Hole Inc', 790_000))
    expect(second.quotes.map((q) => q.vendor)).toEqual(['Dig Co', 'Hole Inc'])
  })

  it('adds a quote to a non-stage step, the note optional', async () => {
    const res = await callRaw(
      t,
      'addQuote1',
      { body: { Title: 'Engineering', vendor: 'Stamped Plans', amount: 150_000 } },
      client.headers,
    )
    expect(entryOf(res)).toMatchObject({
      Title: 'Engineering',
      quotes: [{ vendor: 'Stamped Plans', amount: 150_000, note: '' }],
    })
    const { session } = await signIn(t, 'c@example.com')
    expect(session.poolData?.nonStages).toMatchObject([
      { Title: 'Engineering', quotes: [{ vendor: 'Stamped Plans' }] },
    ])
  })

  it(`refuses a quote beyond ${MAX_QUOTES_PER_ENTRY} with 409, changing nothing`, async () => {
    await withQuotes(MAX_QUOTES_PER_ENTRY)
    const before = await snapshot(t)
    const problem = expectProblem(await addQuote('One too many'), 409, 'CONFLICT')
    expect(problem.detail).toMatch(/at most 5 quotes/)
    expect(await snapshot(t)).toBe(before)
  })

  it('names the ceiling of a huge amount in dollars', async () => {
    const problem = expectProblem(await addQuote('Dig Co', 1_000_000_000), 400)
    expect(problem.errors?.amount).toEqual(['Enter at most $9,999,999'])
  })

  it('refuses bad quotes with field errors and an unknown stage with 404, changing nothing', async () => {
    const before = await snapshot(t)
    const problem = expectProblem(
      await callRaw(
        t,
        'addQuote',
        { body: { StageId: excavation, vendor: ' ', amount: 0, note: 'x'.repeat(501) } },
        client.headers,
      ),
      400,
    )
    expect(Object.keys(problem.errors ?? {}).sort()).toEqual(['amount', 'note', 'vendor'])
    expectProblem(
      await callRaw(
        t,
        'addQuote',
        { body: { StageId: crypto.randomUUID(), ...quote('Dig Co') } },
        client.headers,
      ),
      404,
    )
    expect(await snapshot(t)).toBe(before)
  })
})

describe('the quote limit under concurrency', () => {
  it('lets only one of two concurrent add-quotes onto an entry holding 4', async () => {
    await withQuotes(MAX_QUOTES_PER_ENTRY - 1)
    const answers = await Promise.all([addQuote('Racer A'), addQuote('Racer B')])
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409])
    expect(await quotesHeld()).toBe(MAX_QUOTES_PER_ENTRY)
  })

  it('lets exactly 5 of 12 concurrent add-quotes onto an entry that does not exist yet', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => addQuote(`Racer ${i}`)))
    const statuses = answers.map((r) => r.statusCode)
    expect(statuses.filter((s) => s === 200)).toHaveLength(MAX_QUOTES_PER_ENTRY)
    expect(statuses.filter((s) => s === 409)).toHaveLength(12 - MAX_QUOTES_PER_ENTRY)
    expect(await quotesHeld()).toBe(MAX_QUOTES_PER_ENTRY)
    const entries = await t.app.db
      .select()
      .from(poolEntries)
      .where(eq(poolEntries.clientId, client.id))
    expect(entries).toHaveLength(1)
  })

  it('answers each racer the entry with at least every quote added before its own', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => addQuote(`Racer ${i}`)))
    const added = answers.filter((r) => r.statusCode === 200).map((r) => entryOf(r).quotes.length)
    // The n-th quote to land is answered with n quotes or more, never an older entry.
    const sorted = added.sort((a, b) => a - b)
    sorted.forEach((held, i) => expect(held).toBeGreaterThanOrEqual(i + 1))
  })
})

describe('PUT /api/accept-quote', () => {
  it('accepts one quote at a time', async () => {
    const entry = await withQuotes(3)
    const [a, b] = entry.quotes.map((q) => q.id)
    const accept = (quoteId: string | undefined) =>
      callRaw(t, 'acceptQuote', { body: { StageId: excavation, quoteId } }, client.headers)
    const first = entryOf(await accept(a))
    expect(first.quotes.map((q) => q.accepted)).toEqual([true, false, false])
    const second = entryOf(await accept(b))
    expect(second.quotes.map((q) => q.accepted)).toEqual([false, true, false])
    const { session } = await signIn(t, 'c@example.com')
    expect(session.poolData?.poolChoices[0]?.quotes.map((q) => q.accepted)).toEqual([
      false,
      true,
      false,
    ])
  })

  it('keeps one accepted quote when two accepts race', async () => {
    const entry = await withQuotes(4)
    await Promise.all(
      entry.quotes.map((q) =>
        callRaw(t, 'acceptQuote', { body: { StageId: excavation, quoteId: q.id } }, client.headers),
      ),
    )
    const accepted = await t.app.db.select().from(quotes).where(eq(quotes.accepted, true))
    expect(accepted).toHaveLength(1)
  })

  it('keeps the contract on the one accepted quote, with its plan, when accepts and a removal race', async () => {
    const entry = await withQuotes(4)
    const ids = entry.quotes.map((q) => q.id)
    const racers = [
      ...ids.map((quoteId) => ['acceptQuote', quoteId] as const),
      ['removeQuote', ids[0]] as const,
    ]
    const answers = await Promise.all(
      racers.map(([name, quoteId]) =>
        callRaw(t, name, { body: { StageId: excavation, quoteId } }, client.headers),
      ),
    )
    // Only the quote removed can have gone before its acceptance ran.
    const [first, ...rest] = answers
    expect([200, 404]).toContain(first?.statusCode)
    for (const res of rest) expect(res.statusCode, res.body).toBe(200)
    const accepted = await t.app.db.select().from(quotes).where(eq(quotes.accepted, true))
    const signed = await t.app.db.select().from(contracts)
    expect(signed.map((c) => c.quoteId)).toEqual(accepted.map((q) => q.id))
    const [contract] = signed
    const [quote] = accepted
    if (!contract || !quote) throw new Error('no quote is accepted')
    expect(contract.amount).toBe(quote.amount)
    const plan = await t.app.db
      .select({ label: draws.label, amount: draws.amount, due: draws.due })
      .from(draws)
      .where(eq(draws.contractId, contract.id))
      .orderBy(draws.position)
    expect(plan).toEqual(defaultDraws(quote.amount))
  })

  it('works on a non-stage step by Title', async () => {
    const added = entryOf(
      await callRaw(
        t,
        'addQuote1',
        { body: { Title: 'Permits', ...quote('City') } },
        client.headers,
      ),
    )
    const res = await callRaw(
      t,
      'acceptQuote',
      { body: { Title: 'Permits', quoteId: added.quotes[0]?.id } },
      client.headers,
    )
    expect(entryOf(res).quotes).toMatchObject([{ vendor: 'City', accepted: true }])
  })

  it('answers 404 to a quote of another step or an unknown quote, changing nothing', async () => {
    const entry = await withQuotes(1)
    const before = await snapshot(t)
    const quoteId = entry.quotes[0]?.id
    for (const body of [
      { Title: 'Permits', quoteId },
      { StageId: (await stageIds(t)).steel, quoteId },
      { StageId: excavation, quoteId: crypto.randomUUID() },
    ]) {
      expectProblem(await callRaw(t, 'acceptQuote', { body }, client.headers), 404, 'NOT_FOUND')
      expectProblem(await callRaw(t, 'removeQuote', { body }, client.headers), 404, 'NOT_FOUND')
    }
    expect(await snapshot(t)).toBe(before)
  })
})

describe('PUT /api/remove-quote', () => {
  it('removes the quote and answers the entry without it', async () => {
    const entry = await withQuotes(2)
    const res = await callRaw(
      t,
      'removeQuote',
      { body: { StageId: excavation, quoteId: entry.quotes[0]?.id } },
      client.headers,
    )
    expect(entryOf(res).quotes.map((q) => q.vendor)).toEqual(['Vendor 2'])
    expect(await quotesHeld()).toBe(1)
  })

  it('frees a place under the limit', async () => {
    const full = await withQuotes(MAX_QUOTES_PER_ENTRY)
    await callRaw(
      t,
      'removeQuote',
      { body: { StageId: excavation, quoteId: full.quotes[0]?.id } },
      client.headers,
    )
    expect(entryOf(await addQuote('Late bidder')).quotes).toHaveLength(MAX_QUOTES_PER_ENTRY)
  })
})

describe("another client's quotes", () => {
  it('cannot be accepted or removed: 404, and nothing changes', async () => {
    const entry = await withQuotes(2)
    const intruder = await newClient(t, 'intruder@example.com')
    // The intruder has an entry on the same stage, so only the quote's owner differs.
    await withQuotes(1, intruder.headers)
    const before = await snapshot(t)
    for (const name of ['acceptQuote', 'removeQuote'] as const) {
      for (const q of entry.quotes) {
        expectProblem(
          await callRaw(
            t,
            name,
            { body: { StageId: excavation, quoteId: q.id } },
            intruder.headers,
          ),
          404,
          'NOT_FOUND',
        )
      }
    }
    expect(await snapshot(t)).toBe(before)
    expect(await quotesHeld()).toBe(2)
  })
})
