import { beforeEach, describe, expect, it } from 'vitest'
import { expectProblem, signIn, snapshot } from '../support/http'
import { call, callRaw } from '../support/call'
import { statementsDuring } from '../support/statements'
import { addEngineer, austinPerTest, entryOf, newClient, quote, stageIds } from './client-kit'
import { REFERENCE_POOL } from '../../contract/estimator'
import type { CallName } from '../../contract/routes'

const { t, client } = austinPerTest()
let stage: Record<string, string>
beforeEach(async () => {
  stage = await stageIds(t)
})

const editPool = (body: unknown, headers = client.headers) =>
  callRaw(t, 'editPool', { body }, headers)

describe('PUT /api/edit-pool', () => {
  it('saves the pool design, then replaces it, answering the entry', async () => {
    const first = entryOf(await editPool({ Title: 'Pool Design', choices: REFERENCE_POOL }))
    expect(first).toEqual({
      Title: 'Pool Design',
      choices: REFERENCE_POOL,
      done: false,
      doneAt: null,
      quotes: [],
    })
    const wider = { ...REFERENCE_POOL, widthFt: 18.5, shape: 'kidney' }
    const second = entryOf(await editPool({ Title: 'Pool Design', choices: wider }))
    expect(second.choices).toEqual(wider)
  })

  it("saves a stage's option and the extras checklist (each item once)", async () => {
    const excavation = entryOf(
      await editPool({ StageId: stage.excavation, choices: { option: 'rocky' } }),
    )
    expect(excavation).toMatchObject({ StageId: stage.excavation, choices: { option: 'rocky' } })
    const extras = entryOf(
      await editPool({
        StageId: stage.extras,
        choices: { items: ['led-light', 'salt-system', 'led-light'] },
      }),
    )
    expect(extras.choices).toEqual({ items: ['led-light', 'salt-system'] })
  })

  it('saves the chosen engineer and the permit number', async () => {
    const engineer = await addEngineer(t)
    const engineering = entryOf(
      await editPool({ Title: 'Engineering', choices: { engineerId: engineer.id } }),
    )
    expect(engineering.choices).toEqual({ engineerId: engineer.id })
    const permits = entryOf(
      await editPool({ Title: 'Permits', choices: { permitNumber: ' BP-2024-118 ' } }),
    )
    expect(permits.choices).toEqual({ permitNumber: 'BP-2024-118' })
  })

  it('shows every saved entry in the poolData of the next sign-in', async () => {
    await editPool({ Title: 'Pool Design', choices: REFERENCE_POOL })
    await editPool({ StageId: stage.decking, choices: { option: 'pavers' } })
    const { session } = await signIn(t, 'c@example.com')
    expect(session.poolData).toEqual({
      poolChoices: [
        {
          StageId: stage.decking,
          choices: { option: 'pavers' },
          done: false,
          doneAt: null,
          quotes: [],
        },
      ],
      nonStages: [
        { Title: 'Pool Design', choices: REFERENCE_POOL, done: false, doneAt: null, quotes: [] },
      ],
      BuilderRequested: false,
      PermitFee: 45_000,
      ManagerRequests: [],
    })
  })

  it('shows quotes and done steps in poolData as their own writes answered them', async () => {
    const quote = (vendor: string, amount: number) =>
      callRaw(t, 'addQuote', { body: { StageId: stage.steel, vendor, amount } }, client.headers)
    const first = entryOf(await quote('Rebar Co', 1_250_000))
    entryOf(await quote('Steel & Sons', 1_100_050))
    const accepted = entryOf(
      await callRaw(
        t,
        'acceptQuote',
        { body: { StageId: stage.steel, quoteId: first.quotes[0]?.id } },
        client.headers,
      ),
    )
    const steel = entryOf(
      await callRaw(t, 'markDone', { body: { StageId: stage.steel, done: true } }, client.headers),
    )
    const design = entryOf(
      await callRaw(t, 'markDone1', { body: { Title: 'Pool Design', done: true } }, client.headers),
    )
    expect(steel.quotes).toEqual(accepted.quotes)
    expect(steel.quotes.map((q) => [q.vendor, q.accepted])).toEqual([
      ['Rebar Co', true],
      ['Steel & Sons', false],
    ])
    const { session } = await signIn(t, 'c@example.com')
    expect(session.poolData?.poolChoices).toEqual([steel])
    expect(session.poolData?.nonStages).toEqual([design])
  })

  describe('refuses bad choices with field errors, and changes nothing', () => {
    /** The fields refused, or each one's messages where they are the server's own words. */
    const cases: [string, () => unknown, number, string[] | Record<string, string[]>][] = [
      [
        'dimensions out of range',
        () => ({
          Title: 'Pool Design',
          choices: { ...REFERENCE_POOL, lengthFt: 70, widthFt: 5, deckWidthFt: 1.25 },
        }),
        400,
        ['choices.deckWidthFt', 'choices.lengthFt', 'choices.widthFt'],
      ],
      [
        'a deep end shallower than the shallow end',
        () => ({ Title: 'Pool Design', choices: { ...REFERENCE_POOL, deepDepthFt: 3 } }),
        400,
        ['choices.deepDepthFt'],
      ],
      [
        'an option the stage does not offer',
        () => ({ StageId: stage.excavation, choices: { option: 'granite' } }),
        400,
        { 'choices.option': ['Choose one of the listed options'] },
      ],
      [
        'an option on a stage without options',
        () => ({ StageId: stage.extras, choices: { option: 'standard' } }),
        400,
        { 'choices.option': ['This step has no options'] },
      ],
      [
        'an unknown extras item',
        () => ({ StageId: stage.extras, choices: { items: ['led-light', 'hot-tub', 'slide'] } }),
        400,
        { 'choices.items': ['Unknown item: hot-tub', 'Unknown item: slide'] },
      ],
      [
        'an unknown engineer',
        () => ({ Title: 'Engineering', choices: { engineerId: crypto.randomUUID() } }),
        400,
        { 'choices.engineerId': ['Choose one of the listed engineers'] },
      ],
      [
        'a design missing dimensions',
        () => ({ Title: 'Pool Design', choices: { shape: 'rectangle', lengthFt: 30 } }),
        400,
        ['choices.deckWidthFt', 'choices.deepDepthFt', 'choices.shallowDepthFt', 'choices.widthFt'],
      ],
      [
        'an option that is not text',
        () => ({ StageId: stage.excavation, choices: { option: 5 } }),
        400,
        ['choices.option'],
      ],
      ['no step named', () => ({ choices: {} }), 400, ['StageId']],
      [
        'a field another step has',
        () => ({ StageId: stage.excavation, choices: { engineerId: crypto.randomUUID() } }),
        400,
        ['choices.engineerId'],
      ],
    ]
    it.each(cases)('%s', async (_, body, status, fields) => {
      await editPool({ Title: 'Pool Design', choices: REFERENCE_POOL })
      await editPool({ StageId: stage.excavation, choices: { option: 'standard' } })
      const before = await snapshot(t)
      const problem = expectProblem(await editPool(body()), status, 'VALIDATION_FAILED')
      if (Array.isArray(fields)) expect(Object.keys(problem.errors ?? {}).sort()).toEqual(fields)
      else expect(problem.errors).toEqual(fields)
      expect(await snapshot(t)).toBe(before)
    })

    it('answers 404 to an unknown step', async () => {
      const before = await snapshot(t)
      const problem = expectProblem(
        await editPool({ StageId: crypto.randomUUID(), choices: {} }),
        404,
        'NOT_FOUND',
      )
      expect(problem.detail).toBe('Unknown step')
      expect(await snapshot(t)).toBe(before)
    })
  })
})

describe('PUT /api/mark-done and /api/mark-done1', () => {
  it("marks a stage done at the app clock's time, keeps that time on a retry, and undoes it", async () => {
    // Ahead of the database's own clock: doneAt must come from the app's.
    t.clock.advance(600_000)
    const from = t.app.clock().getTime()
    const done = entryOf(
      await callRaw(t, 'markDone', { body: { StageId: stage.steel, done: true } }, client.headers),
    )
    expect(done).toMatchObject({ StageId: stage.steel, done: true, choices: {}, quotes: [] })
    const doneAt = Date.parse(done.doneAt ?? '')
    expect(doneAt).toBeGreaterThanOrEqual(from)
    expect(doneAt).toBeLessThanOrEqual(t.app.clock().getTime())
    t.clock.advance(60_000)
    const again = entryOf(
      await callRaw(t, 'markDone', { body: { StageId: stage.steel, done: true } }, client.headers),
    )
    expect(again.doneAt).toBe(done.doneAt)
    const undone = entryOf(
      await callRaw(t, 'markDone', { body: { StageId: stage.steel, done: false } }, client.headers),
    )
    expect(undone).toMatchObject({ done: false, doneAt: null })
  })

  it('keeps the choices of an entry it marks done', async () => {
    await editPool({ Title: 'Pool Design', choices: REFERENCE_POOL })
    const done = entryOf(
      await callRaw(t, 'markDone1', { body: { Title: 'Pool Design', done: true } }, client.headers),
    )
    expect(done).toMatchObject({ Title: 'Pool Design', choices: REFERENCE_POOL, done: true })
    const { session } = await signIn(t, 'c@example.com')
    expect(session.poolData?.nonStages).toMatchObject([{ Title: 'Pool Design', done: true }])
  })

  it('answers 404 to an unknown stage and 400 to an unknown title, changing nothing', async () => {
    const before = await snapshot(t)
    expectProblem(
      await callRaw(
        t,
        'markDone',
        { body: { StageId: crypto.randomUUID(), done: true } },
        client.headers,
      ),
      404,
    )
    const problem = expectProblem(
      await callRaw(t, 'markDone1', { body: { Title: 'Excavation', done: true } }, client.headers),
      400,
    )
    expect(Object.keys(problem.errors ?? {})).toEqual(['Title'])
    expect(await snapshot(t)).toBe(before)
  })
})

describe('one round trip per write', () => {
  // The step list is the server's cache (reloaded at most every 2 s, by whichever call comes
  // first): what each write itself sends is its one statement.
  const isStageListRead = (statement: string) =>
    /from "stages" inner join "design_tips"/.test(statement)

  /** A new quote on steel, for the calls that accept or remove one. */
  const steelQuote = async () => {
    const entry = entryOf(
      await callRaw(
        t,
        'addQuote',
        { body: { StageId: stage.steel, ...quote('Rebar Co') } },
        client.headers,
      ),
    )
    return { StageId: stage.steel, quoteId: entry.quotes.at(-1)?.id }
  }

  // An acceptance on licensed work reads the quote's trade first, to check its licence and
  // insurance: the one read before the write.
  it.each<[string, CallName, () => Promise<unknown>, RegExp, RegExp?]>([
    [
      'a stage’s choices',
      'editPool',
      async () => ({ StageId: stage.excavation, choices: { option: 'standard' } }),
      /insert into pool_entries/,
    ],
    [
      'the pool design',
      'editPool',
      async () => ({ Title: 'Pool Design', choices: REFERENCE_POOL }),
      /insert into pool_entries/,
    ],
    [
      'a step done',
      'markDone',
      async () => ({ StageId: stage.steel, done: true }),
      /insert into pool_entries/,
    ],
    [
      'a quote',
      'addQuote',
      async () => ({ StageId: stage.steel, ...quote('Rebar Co') }),
      /insert into quotes/,
    ],
    // The second acceptance replaces the first one's contract and its plan.
    [
      'a quote accepted',
      'acceptQuote',
      steelQuote,
      /insert into contracts/,
      /select "quotes"\."trade_id" from "quotes"/,
    ],
    ['a quote removed', 'removeQuote', steelQuote, /delete from quotes/],
  ])('saves %s in one statement', async (_what, name, body, statement, readFirst) => {
    // The first call of a session reads who is calling; later ones find it cached.
    await callRaw(t, name, { body: await body() }, client.headers)
    const next = await body()
    let status = 0
    const statements = await statementsDuring(t, async () => {
      status = (await callRaw(t, name, { body: next }, client.headers)).statusCode
    })
    expect(status).toBe(200)
    const own = statements.filter((sent) => !isStageListRead(sent))
    const [read, ...writes] = readFirst ? own : [undefined, ...own]
    if (readFirst) expect(read).toMatch(readFirst)
    expect(writes).toHaveLength(1)
    expect(writes[0]).toMatch(statement)
  })
})

describe('ownership', () => {
  it("keeps one client's entries out of another's", async () => {
    await editPool({ Title: 'Pool Design', choices: REFERENCE_POOL })
    const other = await newClient(t, 'other@example.com')
    const theirs = entryOf(
      await editPool(
        { Title: 'Pool Design', choices: { ...REFERENCE_POOL, lengthFt: 20 } },
        other.headers,
      ),
    )
    expect(theirs.choices).toMatchObject({ lengthFt: 20 })
    const mine = await signIn(t, 'c@example.com')
    expect(mine.session.poolData?.nonStages).toMatchObject([{ choices: { lengthFt: 32 } }])
  })
})

describe('GET /api/pool', () => {
  it("answers the client's pool data as the session does, in one statement", async () => {
    await editPool({ Title: 'Pool Design', choices: REFERENCE_POOL })
    await callRaw(
      t,
      'addQuote',
      { body: { StageId: stage.steel, ...quote('Rebar Co') } },
      client.headers,
    )
    await callRaw(t, 'requestBuilder', {}, client.headers)
    const { session } = await signIn(t, 'c@example.com')
    // The first read of the project also reads its version for the ETag; later ones know it.
    await call(t, 'poolData', {}, client.headers)
    // The first answer is kept under its tag and would be sent again without a statement.
    t.app.keptAnswers.clear()
    let result: Awaited<ReturnType<typeof call<'poolData'>>> | undefined
    const statements = await statementsDuring(t, async () => {
      result = await call(t, 'poolData', {}, client.headers)
    })
    if (!result) throw new Error('no answer')
    expect(result).toEqual(session.poolData)
    expect(result.poolChoices.map((e) => e.quotes.map((q) => q.vendor))).toEqual([['Rebar Co']])
    expect(statements).toHaveLength(1)
  })

  it("never answers another client's entries", async () => {
    await editPool({ Title: 'Pool Design', choices: REFERENCE_POOL })
    const other = await newClient(t, 'other@example.com')
    expect(await call(t, 'poolData', {}, other.headers)).toEqual({
      poolChoices: [],
      nonStages: [],
      BuilderRequested: false,
      PermitFee: 45_000,
      ManagerRequests: [],
    })
  })
})
