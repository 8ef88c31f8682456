import { beforeEach, describe, expect, it } from 'vitest'
import type { StepSlug } from '../../contract'
import { quantities, REFERENCE_POOL } from '../../contract/estimator'
import {
  MAX_EQUIPMENT,
  Passport,
  STARTUP_DAYS,
  type Equipment,
  type StartupDay,
} from '../../contract/passport'
import { equipment } from '../../server/db/schema'
import { call, callRaw } from '../support/call'
import { expectProblem } from '../support/http'
import { austinPerTest, clientPerTest, entryOf, put, stageIds } from './client-kit'
import { pdf, uploaded } from './files-kit'
import { drawId, getMoney } from './money-kit'
import { setToday } from './timeline-kit'
import { digger, saveDesign } from './trade-kit'

const { t, client } = austinPerTest()
const other = clientPerTest(t, 'other@example.com')
beforeEach(() => setToday(t, '2030-03-10'))

type Headers = Record<string, string>

const pump = { kind: 'pump', make: 'Pentair', model: 'IntelliFlo VSF', serial: 'PF-1234' }

const addEquipment = (body: unknown, headers: Headers = client.headers) =>
  callRaw(t, 'addEquipment', { body }, headers)

const added = async (body: unknown, headers: Headers = client.headers): Promise<Equipment> => {
  const res = await addEquipment(body, headers)
  expect(res.statusCode, res.body).toBe(201)
  return (res.json() as { Data: Equipment }).Data
}

/** The owner's register one piece short of full, written straight to the table. */
const allButOnePlace = () =>
  t.app.db.insert(equipment).values(
    Array.from({ length: MAX_EQUIPMENT - 1 }, () => ({
      clientId: client.id,
      kind: 'light',
      make: 'Pentair',
      model: 'IntelliBrite',
    })),
  )

const fieldsOf = (res: Awaited<ReturnType<typeof callRaw>>, status = 400) =>
  Object.keys(expectProblem(res, status).errors ?? {})

const warrantyFor = (step: StepSlug, headers: Headers = client.headers) =>
  call(
    t,
    'setWarranty',
    { body: { step, provider: 'Pentair', termMonths: 36, startsOn: '2030-03-01' } },
    headers,
  )

const setDay = (day: string | number, body: unknown, headers: Headers = client.headers) =>
  callRaw(t, 'setStartupDay', { day: String(day), body }, headers)

const logOf = (res: Awaited<ReturnType<typeof callRaw>>): StartupDay[] => {
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as { Data: StartupDay[] }).Data
}

/** A lien waiver uploaded and linked to a draw as its trade's waiver of `kind`. */
async function waiverOn(draw: string, kind: 'conditional' | 'unconditional') {
  const file = await uploaded(
    t,
    client.headers,
    { name: `${kind}.pdf`, bytes: pdf() },
    { kind: 'lien-waiver' },
  )
  await call(t, 'setLienWaiver', { id: draw, body: { fileId: file.id, kind } }, client.headers)
  return file
}

const passport = async (headers: Headers = client.headers) =>
  Passport.parse(await call(t, 'passport', {}, headers))

describe('equipment', () => {
  it('is added, listed oldest first, replaced whole and deleted', async () => {
    const first = await added(pump)
    expect(first).toMatchObject({ ...pump, installedOn: null, warrantyId: null })
    const filter = await added({ kind: 'filter', make: 'Hayward', model: 'C4030' })
    expect(filter.serial).toBe('')

    expect((await call(t, 'equipment', {}, client.headers)).map((e) => e.id)).toEqual([
      first.id,
      filter.id,
    ])

    const edited = await call(
      t,
      'editEquipment',
      {
        id: first.id,
        body: { kind: 'pump', make: 'Jandy', model: 'VS FloPro', installedOn: '2030-03-05' },
      },
      client.headers,
    )
    expect(edited).toMatchObject({
      id: first.id,
      make: 'Jandy',
      serial: '',
      installedOn: '2030-03-05',
    })

    expect(await call(t, 'deleteEquipment', { id: filter.id }, client.headers)).toEqual({
      id: filter.id,
    })
    expect((await call(t, 'equipment', {}, client.headers)).map((e) => e.make)).toEqual(['Jandy'])
  })

  it("another client's piece is unknown to the owner", async () => {
    const theirs = await added(pump, other.headers)
    expect(await call(t, 'equipment', {}, client.headers)).toEqual([])
    expectProblem(
      await callRaw(t, 'editEquipment', { id: theirs.id, body: pump }, client.headers),
      404,
      'NOT_FOUND',
    )
    expectProblem(
      await callRaw(t, 'deleteEquipment', { id: theirs.id, body: {} }, client.headers),
      404,
      'NOT_FOUND',
    )
    expect((await call(t, 'equipment', {}, other.headers)).map((e) => e.make)).toEqual(['Pentair'])
  })

  it("is covered only by one of the owner's warranties", async () => {
    const mine = await warrantyFor('extras')
    const theirs = await warrantyFor('extras', other.headers)

    expect(fieldsOf(await addEquipment({ ...pump, warrantyId: theirs.id }))).toEqual(['warrantyId'])
    expect(fieldsOf(await addEquipment({ ...pump, warrantyId: crypto.randomUUID() }))).toEqual([
      'warrantyId',
    ])
    const piece = await added(pump)
    expect(
      fieldsOf(
        await callRaw(
          t,
          'editEquipment',
          { id: piece.id, body: { ...pump, warrantyId: theirs.id } },
          client.headers,
        ),
      ),
    ).toEqual(['warrantyId'])

    expect((await added({ ...pump, warrantyId: mine.id })).warrantyId).toBe(mine.id)
    expect(await call(t, 'equipment', {}, client.headers)).toHaveLength(2)
  })

  it('refuses a kind it does not know, a missing make and a bad date, naming them', async () => {
    expect(
      fieldsOf(await addEquipment({ kind: 'boat', model: 'X', installedOn: '2030-02-30' })).sort(),
    ).toEqual(['installedOn', 'kind', 'make'])
    expect(await call(t, 'equipment', {}, client.headers)).toEqual([])
  })

  it(`holds at most ${MAX_EQUIPMENT} pieces a project`, async () => {
    await allButOnePlace()
    await added(pump)
    expectProblem(await addEquipment(pump), 409, 'CONFLICT')
    expect(await call(t, 'equipment', {}, client.headers)).toHaveLength(MAX_EQUIPMENT)
    // Another project's register is its own.
    await added(pump, other.headers)
  })

  it('lets only one of two adds at once take the last place', async () => {
    await allButOnePlace()
    const answers = await Promise.all([addEquipment(pump), addEquipment(pump)])
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409])
    expect(await call(t, 'equipment', {}, client.headers)).toHaveLength(MAX_EQUIPMENT)
  })
})

describe('the start-up log', () => {
  it('has 28 undated empty days until the pool-startup step starts, then dates them from it', async () => {
    const before = await call(t, 'startupLog', {}, client.headers)
    expect(before.map((d) => d.day)).toEqual(Array.from({ length: STARTUP_DAYS }, (_, i) => i + 1))
    expect(before[0]).toEqual({
      day: 1,
      date: null,
      ph: null,
      freeChlorine: null,
      alkalinity: null,
      calcium: null,
      cya: null,
      brushed: false,
      note: '',
    })
    expect(before.every((d) => d.date === null)).toBe(true)

    const started = { step: 'pool-startup', startedOn: '2030-03-04' }
    expect((await callRaw(t, 'setStepStarted', { body: started }, client.headers)).statusCode).toBe(
      200,
    )
    const after = await call(t, 'startupLog', {}, client.headers)
    expect(after[0]?.date).toBe('2030-03-04')
    expect(after[27]?.date).toBe('2030-03-31')
    expect((await passport()).startupLog[1]?.date).toBe('2030-03-05')
  })

  it('keeps what a day leaves out, clears what it sends as null, and answers the whole log', async () => {
    const first = logOf(await setDay(3, { ph: 7.4, freeChlorine: 2.5, brushed: true }))
    expect(first).toHaveLength(STARTUP_DAYS)
    expect(first[2]).toMatchObject({ day: 3, ph: 7.4, freeChlorine: 2.5, brushed: true, note: '' })

    const second = logOf(await setDay(3, { note: 'Brushed walls twice', alkalinity: 110 }))
    expect(second[2]).toMatchObject({ ph: 7.4, freeChlorine: 2.5, alkalinity: 110, brushed: true })
    expect(second[2]?.note).toBe('Brushed walls twice')

    const cleared = logOf(await setDay(3, { ph: null, brushed: false }))
    expect(cleared[2]).toMatchObject({ ph: null, freeChlorine: 2.5, brushed: false })
    expect(logOf(await setDay(3, {}))[2]).toEqual(cleared[2])
    expect(cleared.filter((d) => d.day !== 3).every((d) => d.ph === null)).toBe(true)

    // The other owner's log is untouched.
    expect((await call(t, 'startupLog', {}, other.headers))[2]?.ph).toBeNull()
  })

  it('refuses readings out of bounds (400) and days outside 1–28 (404), naming the field', async () => {
    expect(fieldsOf(await setDay(1, { ph: 9.5 }))).toEqual(['ph'])
    expect(fieldsOf(await setDay(1, { calcium: 1001, cya: -1 })).sort()).toEqual(['calcium', 'cya'])
    expect(fieldsOf(await setDay(1, { freeChlorine: '2' }))).toEqual(['freeChlorine'])
    // A day outside the log names no day of it: 404, as any unknown path parameter.
    expect(fieldsOf(await setDay(29, { ph: 7.4 }), 404)).toEqual(['day'])
    expect(fieldsOf(await setDay(0, { ph: 7.4 }), 404)).toEqual(['day'])
    expect(fieldsOf(await setDay('x', { ph: 7.4 }), 404)).toEqual(['day'])
    expect(fieldsOf(await setDay(1, { date: '2030-03-01' }))).toEqual(['date'])
    expect((await call(t, 'startupLog', {}, client.headers)).every((d) => d.ph === null)).toBe(true)
  })
})

describe('the passport', () => {
  it('is empty as built, with an empty record, before anything is saved', async () => {
    const empty = await passport()
    expect(empty.asBuilt).toEqual({
      shape: null,
      lengthFt: null,
      widthFt: null,
      areaSqFt: null,
      surfaceSqFt: null,
      gallons: null,
      measuredGallons: null,
    })
    expect(empty.startupLog).toHaveLength(STARTUP_DAYS)
    expect(empty.steps).toEqual([])
    expect(empty.costBasis).toEqual({ total: 0, steps: [] })
    expect(empty.inspections.length).toBeGreaterThan(0)
  })

  it("shows the saved design's figures in whole feet and gallons, and the measured gallons", async () => {
    await saveDesign(t, client.headers)
    const q = quantities(REFERENCE_POOL)
    expect((await passport()).asBuilt).toEqual({
      shape: REFERENCE_POOL.shape,
      lengthFt: REFERENCE_POOL.lengthFt,
      widthFt: REFERENCE_POOL.widthFt,
      areaSqFt: Math.round(q.areaFt2),
      surfaceSqFt: Math.round(q.surfaceFt2),
      gallons: Math.round(q.waterGal),
      measuredGallons: null,
    })

    const set = (body: unknown) => callRaw(t, 'setPassport', { body }, client.headers)
    expect(fieldsOf(await set({ measuredGallons: 99 }))).toEqual(['measuredGallons'])
    expect(fieldsOf(await set({ measuredGallons: 200_001 }))).toEqual(['measuredGallons'])
    expect(fieldsOf(await set({ measuredGallons: 2500.5 }))).toEqual(['measuredGallons'])
    const saved = await call(
      t,
      'setPassport',
      { body: { measuredGallons: 15_250 } },
      client.headers,
    )
    expect(saved.asBuilt.measuredGallons).toBe(15_250)
    expect(
      (await call(t, 'setPassport', { body: {} }, client.headers)).asBuilt.measuredGallons,
    ).toBe(15_250)
    expect((await passport(other.headers)).asBuilt.measuredGallons).toBeNull()
    const cleared = await call(
      t,
      'setPassport',
      { body: { measuredGallons: null } },
      client.headers,
    )
    expect(cleared.asBuilt.measuredGallons).toBeNull()
  })

  it('records the contracts, payments and waivers, its cost basis agreeing with Money', async () => {
    const trade = await call(t, 'createTrade', { body: digger }, client.headers)
    const StageId = (await stageIds(t)).excavation ?? ''
    const body = { StageId, vendor: digger.company, amount: 800_000, tradeId: trade.id }
    const quote = entryOf(await put(t, '/api/add-quote', body, client.headers)).quotes.at(-1)
    await call(t, 'acceptQuote', { body: { StageId, quoteId: quote?.id ?? '' } }, client.headers)
    const deposit = await drawId(t, client.headers, 'excavation', 0)
    const waiver = await waiverOn(deposit, 'conditional')
    const paid = {
      paidOn: '2030-03-01',
      amount: 50_000,
      method: 'check' as const,
      reference: '1001',
    }
    await call(t, 'recordPayment', { id: deposit, body: paid }, client.headers)
    await call(
      t,
      'recordPayment',
      { id: deposit, body: { ...paid, amount: 30_000, reference: '1002' } },
      client.headers,
    )
    const receipt = await waiverOn(deposit, 'unconditional')
    const order = { step: 'excavation' as const, description: 'Haul rock', amount: 45_000 }
    await call(t, 'addChangeOrder', { body: order }, client.headers)
    const warranty = await warrantyFor('excavation')

    const money = await getMoney(t, client.headers)
    const record = await passport()
    expect(record.costBasis).toEqual({
      total: money.totals.paid,
      steps: [{ step: 'excavation', paid: 80_000 }],
    })
    expect(record.costBasis.total).toBe(80_000)
    expect(record.steps.map((s) => s.step)).toEqual(['excavation'])
    const [excavation] = record.steps
    expect(excavation?.contract).toEqual({ vendor: digger.company, amount: 800_000 })
    expect(excavation?.changeOrders.map((o) => [o.description, o.amount, o.status])).toEqual([
      ['Haul rock', 45_000, 'proposed'],
    ])
    expect(excavation?.payments.map((p) => [p.amount, p.reference])).toEqual([
      [50_000, '1001'],
      [30_000, '1002'],
    ])
    expect(excavation?.waivers).toEqual([
      { drawId: deposit, kind: 'conditional', fileId: waiver.id },
      { drawId: deposit, kind: 'unconditional', fileId: receipt.id },
    ])
    expect(record.trades).toEqual([
      {
        company: digger.company,
        licence: { number: '7654321', classification: 'C-12', checkedOn: '2030-02-20' },
        insurance: { expiresOn: '2031-01-01' },
      },
    ])
    expect(record.warranties.map((w) => w.id)).toEqual([warranty.id])

    // Another owner's passport holds none of it.
    const theirs = await passport(other.headers)
    expect([theirs.steps, theirs.trades, theirs.warranties]).toEqual([[], [], []])
    expect(theirs.costBasis.total).toBe(0)
  })

  it("lists the timeline's inspections with their history", async () => {
    const timeline = await call(t, 'timeline', {}, client.headers)
    const record = await passport()
    expect(record.inspections).toEqual(
      timeline.inspections.map(({ slug, title, status, date, history }) => ({
        slug,
        title,
        status,
        date,
        history,
      })),
    )
  })

  it("knows its owner's name and address for the PDF", async () => {
    const owner = await t.app.passport.owner(client.id)
    expect(owner).toMatchObject({ city: 'Austin', state: 'TX' })
    expect(owner.name.length).toBeGreaterThan(0)
    expect(owner.address.length).toBeGreaterThan(0)
  })
})
