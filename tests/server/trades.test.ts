import type { LightMyRequestResponse } from 'fastify'
import { beforeEach, describe, expect, it } from 'vitest'
import { Trade } from '../../contract/trades'
import { call, callRaw } from '../support/call'
import { bearer, expectProblem, signIn, snapshot } from '../support/http'
import { austinPerTest, clientPerTest } from './client-kit'
import { pdf, uploaded } from './files-kit'
import { setToday } from './timeline-kit'

type Headers = Record<string, string>

const { t, admin, client } = austinPerTest()
const other = clientPerTest(t, 'other@example.com')
beforeEach(async () => {
  setToday(t, '2030-03-01')
})

/** A shotcrete trade with a licence that fits, in date, and exempt from workers' comp. */
const shotcrete = {
  company: 'Blue Shell Co',
  contact: 'Ana Ruiz',
  email: 'ana@blueshell.example',
  phone: '+1 512 555 0110',
  steps: ['shotcrete'],
  licenceNumber: '1234567',
  licenceClass: 'C-8',
  licenceCheckedOn: '2030-02-20',
  insuranceExpiresOn: '2031-01-01',
  compExempt: true,
}

const create = (body: unknown, headers: Headers = client.headers) =>
  callRaw(t, 'createTrade', { body }, headers)
const edit = (id: string, body: unknown, headers: Headers = client.headers) =>
  callRaw(t, 'editTrade', { id, body }, headers)
const remove = (id: string, headers: Headers = client.headers) =>
  callRaw(t, 'deleteTrade', { id }, headers)

function tradeOf(res: LightMyRequestResponse, status = 200): Trade {
  expect(res.statusCode, res.body).toBe(status)
  return Trade.parse((res.json() as { Data: unknown }).Data)
}

const created = async (body: object = shotcrete, headers = client.headers) =>
  tradeOf(await create(body, headers), 201)

const listed = (headers = client.headers): Promise<Trade[]> => call(t, 'trades', {}, headers)

/** A certificate as the owner uploads it: a PDF filed as "Other". */
const certificate = (headers: Headers, name: string) =>
  uploaded(t, headers, { name, bytes: pdf() }, { kind: 'other' })

const codesOf = (trade: Trade) => trade.warnings.map((warning) => warning.code)

describe('the trades directory', () => {
  it('creates a trade and answers it whole, its unknown parts null', async () => {
    const trade = await created({
      ...shotcrete,
      email: ' Ana@BlueShell.EXAMPLE ',
      phone: undefined,
    })
    expect(trade).toMatchObject({
      company: 'Blue Shell Co',
      contact: 'Ana Ruiz',
      email: 'ana@blueshell.example',
      phone: null,
      steps: ['shotcrete'],
      licence: { number: '1234567', classification: 'C-8', checkedOn: '2030-02-20' },
      insurance: { expiresOn: '2031-01-01', fileId: null },
      workersComp: { exempt: true, expiresOn: null, fileId: null },
      warnings: [],
    })
    expect(await listed()).toEqual([trade])
  })

  it('lists the trades by company and only the client’s own', async () => {
    await created({ ...shotcrete, company: 'zeta Tile', email: 'z@example.com' })
    await created({ ...shotcrete, company: 'Acme Dig', email: 'a@example.com' })
    await created({ ...shotcrete, company: 'Other Co', email: 'o@example.com' }, other.headers)
    expect((await listed()).map((trade) => trade.company)).toEqual(['Acme Dig', 'zeta Tile'])
  })

  it('edits the whole record: what the body leaves out becomes unknown', async () => {
    const trade = await created()
    const edited = tradeOf(
      await edit(trade.id, {
        company: 'Blue Shell Inc',
        contact: 'Ana Ruiz',
        email: 'ana@blueshell.example',
        steps: ['shotcrete', 'decking'],
      }),
    )
    expect(edited).toMatchObject({
      id: trade.id,
      company: 'Blue Shell Inc',
      phone: null,
      steps: ['shotcrete', 'decking'],
      licence: { number: null, classification: null, checkedOn: null },
      createdAt: trade.createdAt,
    })
    expect(codesOf(edited)).toEqual(['LICENCE_MISSING', 'INSURANCE_MISSING', 'COMP_MISSING'])
    expect(await listed()).toEqual([edited])
  })

  it('deletes a trade, answering its id', async () => {
    const trade = await created()
    const res = await remove(trade.id)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ Data: { id: trade.id } })
    expect(await listed()).toEqual([])
    expectProblem(await remove(trade.id), 404, 'NOT_FOUND')
  })

  it('refuses a second trade with the same email in any case, and changes nothing', async () => {
    const first = await created()
    const second = await created({ ...shotcrete, email: 'b@example.com' })
    const before = await snapshot(t)
    const taken = expectProblem(
      await create({ ...shotcrete, email: 'ANA@blueshell.example' }),
      409,
      'TRADE_EXISTS',
    )
    expect(taken.detail).toBe('Another trade of your project has this email.')
    expectProblem(await edit(second.id, shotcrete), 409, 'TRADE_EXISTS')
    expect(await snapshot(t)).toBe(before)
    // Its own email is no clash, nor is another project's trade with it.
    tradeOf(await edit(first.id, { ...shotcrete, company: 'Renamed' }))
    await created(shotcrete, other.headers)
  })

  it('answers 400 with a message per field, and changes nothing', async () => {
    const before = await snapshot(t)
    const res = await create({
      company: '',
      contact: 'x'.repeat(121),
      email: 'nope',
      steps: [],
      licenceNumber: '123456789',
      licenceClass: 'C-123',
      licenceCheckedOn: '2030-02-30',
      insuranceExpiresOn: 'soon',
      compExempt: 'yes',
    })
    const problem = expectProblem(res, 400, 'VALIDATION_FAILED')
    expect(Object.keys(problem.errors ?? {}).sort()).toEqual(
      [
        'company',
        'compExempt',
        'contact',
        'email',
        'insuranceExpiresOn',
        'licenceCheckedOn',
        'licenceClass',
        'licenceNumber',
        'steps',
      ].sort(),
    )
    expect(problem.errors?.licenceNumber).toEqual(['Enter the licence number: 1 to 8 digits'])
    expect(problem.errors?.licenceClass).toEqual(['Enter a class like B, C-53 or D-35'])
    expect(problem.errors?.steps).toEqual(['Choose at least one step'])
    expectProblem(await create({ ...shotcrete, nickname: 'Shelly' }), 400, 'VALIDATION_FAILED')
    expect(await snapshot(t)).toBe(before)
  })

  it('refuses a licence checked after the project’s today, but takes today', async () => {
    const before = await snapshot(t)
    const res = await create({ ...shotcrete, licenceCheckedOn: '2030-03-02' })
    expect(expectProblem(res, 400, 'VALIDATION_FAILED').errors).toEqual({
      licenceCheckedOn: ['Enter a day that is not in the future'],
    })
    expect(await snapshot(t)).toBe(before)
    await created({ ...shotcrete, licenceCheckedOn: '2030-03-01' })
  })
})

describe('the certificates of a trade', () => {
  it('take the client’s own files, and forget a file that is deleted', async () => {
    const insurance = await certificate(client.headers, 'coi.pdf')
    const comp = await certificate(client.headers, 'comp.pdf')
    const trade = await created({
      ...shotcrete,
      compExempt: false,
      insuranceFileId: insurance.id,
      compFileId: comp.id,
      compExpiresOn: '2030-12-31',
    })
    expect(trade.insurance.fileId).toBe(insurance.id)
    expect(trade.workersComp).toEqual({ exempt: false, expiresOn: '2030-12-31', fileId: comp.id })
    expect(codesOf(trade)).toEqual([])
    await call(t, 'deleteFile', { id: comp.id }, client.headers)
    const [after] = await listed()
    expect(after?.workersComp.fileId).toBeNull()
    expect(after && codesOf(after)).toEqual(['COMP_MISSING'])
  })

  it('stay when a log entry they were attached to is deleted', async () => {
    const insurance = await certificate(client.headers, 'coi.pdf')
    const entry = { step: 'shotcrete', date: '2030-03-01', text: 'Certificate in' } as const
    const body = { ...entry, fileIds: [insurance.id] }
    const { id } = await call(t, 'addLogEntry', { body }, client.headers)
    await created({ ...shotcrete, insuranceFileId: insurance.id })
    await call(t, 'deleteLogEntry', { id }, client.headers)
    expect((await listed())[0]?.insurance.fileId).toBe(insurance.id)
  })

  it('answer 404 for another client’s file, or one that never was, and change nothing', async () => {
    const theirs = await certificate(other.headers, 'coi.pdf')
    const before = await snapshot(t)
    for (const fileId of [theirs.id, crypto.randomUUID()]) {
      expectProblem(await create({ ...shotcrete, insuranceFileId: fileId }), 404, 'NOT_FOUND')
      expectProblem(await create({ ...shotcrete, compFileId: fileId }), 404, 'NOT_FOUND')
    }
    expect(await snapshot(t)).toBe(before)
  })
})

describe('the warnings on a trade', () => {
  it('are worked out again on every read, on the project’s today', async () => {
    const trade = await created({ ...shotcrete, insuranceExpiresOn: '2030-04-15' })
    expect(codesOf(trade)).toEqual([])
    // 30 days before the expiry: ending.
    setToday(t, '2030-03-16')
    expect((await listed()).map(codesOf)).toEqual([['INSURANCE_EXPIRING']])
    setToday(t, '2030-04-15')
    expect((await listed()).map(codesOf)).toEqual([['INSURANCE_EXPIRING']])
    setToday(t, '2030-04-16')
    expect((await listed()).map(codesOf)).toEqual([['INSURANCE_EXPIRED']])
  })

  it('are 31 days before the expiry none, 30 days before it "ending"', async () => {
    setToday(t, '2030-03-15')
    expect(codesOf(await created({ ...shotcrete, insuranceExpiresOn: '2030-04-15' }))).toEqual([])
    setToday(t, '2030-03-16')
    expect((await listed()).map(codesOf)).toEqual([['INSURANCE_EXPIRING']])
  })

  it('say what is missing, and what does not fit, with a message each', async () => {
    const bare = await created({
      company: 'Dig Co',
      contact: 'Dan',
      email: 'dan@dig.example',
      steps: ['excavation'],
    })
    expect(codesOf(bare)).toEqual(['LICENCE_MISSING', 'INSURANCE_MISSING', 'COMP_MISSING'])
    for (const warning of bare.warnings) expect(warning.message).not.toBe('')
    const wrongClass = await created({ ...shotcrete, email: 'w@example.com', licenceClass: 'C-10' })
    expect(codesOf(wrongClass)).toEqual(['LICENCE_CLASS'])
  })

  it('are none for a trade of only pool design, engineering or permits', async () => {
    const designer = await created({
      company: 'Plans Inc',
      contact: 'Pia',
      email: 'pia@plans.example',
      steps: ['pool-design', 'engineering', 'permits'],
    })
    expect(designer.warnings).toEqual([])
  })
})

describe('who may use the trades calls', () => {
  const callAll = async (headers: Headers, id: string) => [
    await callRaw(t, 'trades', {}, headers),
    await create({ ...shotcrete, email: 'new@example.com' }, headers),
    await edit(id, shotcrete, headers),
    await remove(id, headers),
  ]

  it('answers 401 to nobody, 403 to an admin and to a client whose city we do not serve', async () => {
    const trade = await created()
    const { session } = await signIn(t, 'reno@example.com', {
      asNewClient: true,
      details: { city: 'Reno', state: 'NV' },
    })
    const before = await snapshot(t)
    for (const res of await callAll({}, trade.id)) expectProblem(res, 401, 'UNAUTHENTICATED')
    for (const res of await callAll(admin, trade.id)) expectProblem(res, 403, 'FORBIDDEN')
    for (const res of await callAll(bearer(session.Token), trade.id))
      expectProblem(res, 403, 'FORBIDDEN')
    expect(await snapshot(t)).toBe(before)
  })

  it('answers 404 to another client naming this client’s trade, and changes nothing', async () => {
    const trade = await created()
    const before = await snapshot(t)
    expectProblem(await edit(trade.id, shotcrete, other.headers), 404, 'NOT_FOUND')
    expectProblem(await remove(trade.id, other.headers), 404, 'NOT_FOUND')
    expect(await listed(other.headers)).toEqual([])
    expect(await snapshot(t)).toBe(before)
  })
})
