import { sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { build, type TestApp } from '../support/build'
import { expectProblem, signIn } from '../support/http'
import { callRaw } from '../support/call'
import { statementsDuring } from '../support/statements'
import { entryOf, newClient, quote, serveAustin, stageIds } from './client-kit'
import { REFERENCE_POOL } from '../../contract/estimator'
import type { CallName } from '../../contract/routes'

// The builder's writes that queue while the database is busy go in one statement (see
// server/db/batching.ts): these hold each of them to its own answer, as if it had gone alone.

let t: TestApp
let clients: Awaited<ReturnType<typeof newClient>>[]
let stage: Record<string, string>

const CLIENTS = 16

beforeAll(async () => {
  t = await build()
  await serveAustin(t)
  clients = []
  for (let i = 0; i < CLIENTS; i++) clients.push(await newClient(t, `c${i}@example.com`))
  stage = await stageIds(t)
})
afterEach(async () => {
  // Each test starts from clients with no entries.
  await t.app.db.execute(sql`delete from pool_entries`)
})

const isBatch = (statement: string) => /jsonb_to_recordset/.test(statement)

/** Sends `body(i)` for every client at once, with the statements the server sent for them. */
async function allAtOnce(name: CallName, body: (i: number) => unknown) {
  let answers: LightMyRequestResponse[] = []
  const statements = await statementsDuring(t, async () => {
    answers = await Promise.all(
      clients.map((c, i) => callRaw(t, name, { body: body(i) }, c.headers)),
    )
  })
  return { answers, batches: statements.filter(isBatch) }
}

describe('writes sent together', () => {
  it('saves each client’s choices, by stage and by title, in fewer statements', async () => {
    const width = (i: number) => 10 + i
    const designs = await allAtOnce('editPool', (i) => ({
      Title: 'Pool Design',
      choices: { ...REFERENCE_POOL, widthFt: width(i) },
    }))
    expect(designs.batches.length).toBeGreaterThan(0)
    designs.answers.forEach((res, i) =>
      expect(entryOf(res)).toEqual({
        Title: 'Pool Design',
        choices: { ...REFERENCE_POOL, widthFt: width(i) },
        done: false,
        doneAt: null,
        quotes: [],
      }),
    )
    const options = ['standard', 'rocky']
    const stages = await allAtOnce('editPool', (i) => ({
      StageId: stage.excavation,
      choices: { option: options[i % 2] },
    }))
    expect(stages.batches.length).toBeGreaterThan(0)
    stages.answers.forEach((res, i) =>
      expect(entryOf(res)).toMatchObject({
        StageId: stage.excavation,
        choices: { option: options[i % 2] },
      }),
    )
    // What was saved is what each was answered.
    const { session } = await signIn(t, 'c3@example.com')
    expect(session.poolData?.nonStages).toEqual([
      expect.objectContaining({
        Title: 'Pool Design',
        choices: { ...REFERENCE_POOL, widthFt: 13 },
      }),
    ])
    expect(session.poolData?.poolChoices).toEqual([
      expect.objectContaining({ StageId: stage.excavation, choices: { option: 'rocky' } }),
    ])
  })

  it('marks steps done keeping the moment first done, and undone, and keeps the choices', async () => {
    const chosen = await allAtOnce('editPool', () => ({
      StageId: stage.plumbing,
      choices: { option: 'spa' },
    }))
    chosen.answers.forEach((res) => entryOf(res))
    const first = await allAtOnce('markDone', () => ({ StageId: stage.plumbing, done: true }))
    expect(first.batches.length).toBeGreaterThan(0)
    const doneAt = first.answers.map((res) => {
      const entry = entryOf(res)
      expect(entry).toMatchObject({ done: true, choices: { option: 'spa' } })
      expect(entry.doneAt).not.toBeNull()
      return entry.doneAt
    })
    t.clock.advance(60_000)
    const again = await allAtOnce('markDone', () => ({ StageId: stage.plumbing, done: true }))
    expect(again.answers.map((res) => entryOf(res).doneAt)).toEqual(doneAt)
    const undone = await allAtOnce('markDone', (i) => ({
      StageId: stage.plumbing,
      done: i % 2 === 0,
    }))
    undone.answers.forEach((res, i) =>
      expect(entryOf(res)).toMatchObject({
        done: i % 2 === 0,
        doneAt: i % 2 === 0 ? doneAt[i] : null,
        choices: { option: 'spa' },
      }),
    )
  })

  it('adds each client’s quote, and answers a full entry’s 409 alone, the others saved', async () => {
    const full = clients[5]
    if (!full) throw new Error('too few clients')
    for (let n = 0; n < 5; n++) {
      entryOf(
        await callRaw(
          t,
          'addQuote',
          { body: { StageId: stage.steel, ...quote(`Old ${n}`) } },
          full.headers,
        ),
      )
    }
    const added = await allAtOnce('addQuote', (i) => ({
      StageId: stage.steel,
      ...quote(`Vendor ${i}`, 100_000 + i),
    }))
    expect(added.batches.length).toBeGreaterThan(0)
    added.answers.forEach((res, i) => {
      if (i === 5) {
        expectProblem(res, 409)
        return
      }
      const entry = entryOf(res)
      expect(entry.quotes.map((q) => [q.vendor, q.amount])).toEqual([[`Vendor ${i}`, 100_000 + i]])
    })
    const { session } = await signIn(t, 'c5@example.com')
    const held = session.poolData?.poolChoices.find((entry) => entry.StageId === stage.steel)
    expect(held?.quotes.map((q) => q.vendor)).toEqual(['Old 0', 'Old 1', 'Old 2', 'Old 3', 'Old 4'])
    // A second round: each entry answered with the quote it held and the new one.
    const again = await allAtOnce('addQuote', (i) => ({
      StageId: stage.steel,
      ...quote(`Mesh ${i}`),
    }))
    again.answers.forEach((res, i) => {
      if (i === 5) expectProblem(res, 409)
      else expect(entryOf(res).quotes.map((q) => q.vendor)).toEqual([`Vendor ${i}`, `Mesh ${i}`])
    })
  })
})
