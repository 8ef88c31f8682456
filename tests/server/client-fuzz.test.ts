import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NON_STAGE_TITLES, STEP_SLUGS } from '../../contract'
import { build, type TestApp } from '../support/build'
import { expectSafeAnswer, json, snapshot } from '../support/http'
import { expectTextAnswer, oddText, STORAGE_BREAKERS } from '../support/odd-text'
import { junkWith } from '../support/junk'
import {
  addEngineer,
  addManager,
  entryOf,
  newClient,
  put,
  quote,
  serveAustin,
  stageIds,
} from './client-kit'
import { exe, filesDir, filesUnder, multipartBody, pdf, png, uploaded } from './files-kit'
import { getMoney, moneyOf, pay, stepIn } from './money-kit'

let t: TestApp
let headers: Record<string, string>
/** Real ids (and a few strangers), so bodies reach past the schema into the checks behind it. */
let ids: Record<
  | 'stages'
  | 'quotes'
  | 'engineers'
  | 'managers'
  | 'draws'
  | 'payments'
  | 'changeOrders'
  | 'files'
  | 'logs',
  string[]
>
let stages: Record<string, string>
/** Quotes with the key of the entry that holds them. */
let refs: Record<string, string>[]
beforeAll(async () => {
  // The notification job would change its log in the middle of a request: it waits an hour.
  t = await build({
    LOGIN_LIMIT_PER_IP: '100000',
    VERIFY_LIMIT_PER_IP: '100000',
    NOTIFY_INTERVAL: '3600',
  })
  await serveAustin(t)
  const client = await newClient(t, 'fuzz@example.com')
  const other = await newClient(t, 'other@example.com')
  headers = client.headers
  // The layout inspection is ready, so its bodies reach past the 409 of a waiting inspection.
  for (const Title of NON_STAGE_TITLES)
    await put(t, '/api/mark-done1', { Title, done: true }, headers)
  stages = await stageIds(t)
  const addQuote = async (h: Record<string, string>, key: Record<string, string>) => {
    const url = 'Title' in key ? '/api/add-quote1' : '/api/add-quote'
    const entry = entryOf(await put(t, url, { ...key, ...quote('Dig Co') }, h))
    return entry.quotes.map((q) => ({ ...key, quoteId: q.id }))
  }
  refs = [
    ...(await addQuote(headers, { StageId: stages.excavation ?? '' })),
    ...(await addQuote(headers, { Title: 'Permits' })),
    // Another client's quote: never reachable from this client.
    ...(await addQuote(other.headers, { StageId: stages.excavation ?? '' })),
  ]
  // The client's and the other's accepted excavation quote, with a payment and a change order.
  const mine = await signAndPay(headers, refs[0])
  const theirs = await signAndPay(other.headers, refs.at(-1))
  // Files and log entries of both clients: a photo and a lien waiver each, one entry each.
  const filesOf = async (h: Record<string, string>) => [
    (await uploaded(t, h, { name: 'a.png', bytes: await png() })).id,
    (await uploaded(t, h, { name: 'w.pdf', bytes: pdf() }, { kind: 'lien-waiver' })).id,
  ]
  const logOf = async (h: Record<string, string>, fileIds: string[]) => {
    const entry = { step: 'steel', date: '2030-03-04', text: 'Rebar in', fileIds }
    const res = await json(t.app, 'POST', '/api/logs', entry, h)
    expect(res.statusCode, res.body).toBe(201)
    return (res.json() as { Data: { id: string } }).Data.id
  }
  const [myFiles, theirFiles] = [await filesOf(headers), await filesOf(other.headers)]
  ids = {
    stages: [...Object.values(stages), crypto.randomUUID()],
    quotes: [...refs.map((r) => r.quoteId ?? ''), crypto.randomUUID()],
    engineers: [(await addEngineer(t)).id, crypto.randomUUID()],
    managers: [(await addManager(t)).id, crypto.randomUUID()],
    draws: [...mine.draws, ...theirs.draws, crypto.randomUUID()],
    payments: [...mine.payments, ...theirs.payments, crypto.randomUUID()],
    changeOrders: [...mine.changeOrders, ...theirs.changeOrders, crypto.randomUUID()],
    files: [...myFiles, ...theirFiles, crypto.randomUUID()],
    logs: [
      await logOf(headers, myFiles.slice(0, 1)),
      await logOf(other.headers, theirFiles.slice(0, 1)),
      crypto.randomUUID(),
    ],
  }
})

async function signAndPay(h: Record<string, string>, ref: Record<string, string> | undefined) {
  expect((await put(t, '/api/accept-quote', ref, h)).statusCode).toBe(200)
  const deposit = stepIn(await getMoney(t, h), 'excavation').draws[0]?.id ?? ''
  moneyOf(await pay(t, h, deposit, 1_000), 201)
  const order = { step: 'excavation', description: 'More rock', amount: 5_000 }
  const res = await json(t.app, 'POST', '/api/change-orders', order, h)
  const step = stepIn(moneyOf(res, 201), 'excavation')
  return {
    draws: step.draws.map((d) => d.id),
    payments: step.draws.flatMap((d) => d.payments.map((p) => p.id)),
    changeOrders: step.changeOrders.map((c) => c.id),
  }
}
afterAll(() => t.app.close())

const junk = junkWith([-1, 0, 1, 100_000_001, '', ' ', 'x'.repeat(600), "'; drop table quotes; --"])

// Functions: the ids exist only once beforeAll has run.
const one = (list: readonly string[]) => fc.constantFrom(...list)
const title = () => one(NON_STAGE_TITLES)
const feet = fc.integer({ min: 0, max: 130 }).map((halfFeet) => halfFeet / 2)
const text = fc.string({ maxLength: 30 })
/** Real days around today's clock, days that are no date, and other formats. */
const day = fc.oneof(
  fc
    .date({ min: new Date('1999-06-01'), max: new Date('2100-06-01'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  fc.constantFrom('2030-03-04', '2030-02-30', '2030-13-01', '03/04/2030', '2030-3-4', ''),
)

/** Bodies that are right in shape, and often in substance too. */
const validBodies: Record<string, () => fc.Arbitrary<Record<string, unknown>>> = {
  '/api/edit-pool': () =>
    fc.oneof(
      fc.record({
        StageId: one(ids.stages),
        choices: fc.record(
          {
            option: fc.constantFrom('standard', 'rocky', 'ceramic', 'pavers', 'nope'),
            items: fc.subarray(['led-light', 'salt-system', 'heat-pump', 'nope']),
          },
          { requiredKeys: [] },
        ),
      }),
      fc.record({
        Title: fc.constant('Pool Design'),
        choices: fc.record({
          shape: fc.constantFrom('rectangle', 'oval', 'kidney', 'freeform'),
          lengthFt: feet,
          widthFt: feet,
          shallowDepthFt: feet,
          deepDepthFt: feet,
          deckWidthFt: feet,
        }),
      }),
      fc.record({
        Title: fc.constant('Engineering'),
        choices: fc.record({ engineerId: one(ids.engineers) }),
      }),
      fc.record({
        Title: fc.constant('Permits'),
        choices: fc.record({ permitNumber: text }, { requiredKeys: [] }),
      }),
    ),
  '/api/mark-done': () => fc.record({ StageId: one(ids.stages), done: fc.boolean() }),
  '/api/mark-done1': () => fc.record({ Title: title(), done: fc.boolean() }),
  '/api/add-quote': () =>
    fc.record(
      {
        StageId: one(ids.stages),
        vendor: text,
        amount: fc.integer({ min: 0, max: 2e8 }),
        note: text,
      },
      { requiredKeys: ['StageId', 'vendor', 'amount'] },
    ),
  '/api/add-quote1': () =>
    fc.record(
      { Title: title(), vendor: text, amount: fc.integer({ min: 0, max: 2e8 }), note: text },
      { requiredKeys: ['Title', 'vendor', 'amount'] },
    ),
  '/api/accept-quote': () => quoteRef(),
  '/api/remove-quote': () => quoteRef(),
  '/api/request-builder': () => fc.constant({}),
  '/api/timeline/start': () =>
    fc.record({ startDate: day, rebaseline: fc.boolean() }, { requiredKeys: ['startDate'] }),
  '/api/timeline/started': () =>
    fc.record({
      step: fc.constantFrom(...STEP_SLUGS, 'diving-board'),
      startedOn: fc.option(day, { nil: null }),
    }),
  '/api/inspections/layout': () => inspectionBody(),
  '/api/inspections/roof': () => inspectionBody(),
  '/api/notifications': () =>
    fc.record({
      inspectionReminders: fc.boolean(),
      stepUpdates: fc.boolean(),
      warrantyReminders: fc.boolean(),
      tradeInsurance: fc.boolean(),
    }),
  '/api/request-manager': () =>
    fc.record({ managerId: one(ids.managers), message: text }, { requiredKeys: ['managerId'] }),
  '/api/draws': () =>
    fc.record({
      step: fc.constantFrom('excavation', 'steel', 'permits', 'diving-board'),
      draws: fc.oneof(
        fc.constant([
          { label: 'Deposit', amount: 80_000, due: 'signing' },
          { label: 'Balance', amount: 720_000, due: 'done' },
        ]),
        // A plan that adds up, so the rows' ids reach the check behind the sum.
        fc.tuple(one(ids.draws), one(ids.draws)).map(([first, second]) => [
          { id: first, label: 'Balance', amount: 720_000, due: 'done' },
          { id: second, label: 'Deposit', amount: 80_000, due: 'signing' },
        ]),
        fc.array(drawBody(), { maxLength: 13 }),
      ),
    }),
  '/api/draws/:id/payments': () =>
    fc.record(
      {
        paidOn: day,
        amount: fc.integer({ min: -1, max: 900_000 }),
        method: fc.constantFrom('check', 'card', 'transfer', 'cash', 'other', 'iou'),
        reference: text,
      },
      { requiredKeys: ['paidOn', 'amount', 'method'] },
    ),
  '/api/payments/:id': () => fc.constant({}),
  '/api/change-orders': () =>
    fc.record({
      step: fc.constantFrom('excavation', 'steel', 'diving-board'),
      description: text,
      amount: fc.integer({ min: -900_000, max: 900_000 }),
    }),
  '/api/change-orders/:id': () =>
    fc.record({ status: fc.constantFrom('approved', 'rejected', 'proposed') }),
  '/api/draws/:id/lien-waiver': () =>
    fc.record({ fileId: fc.option(one(ids.files), { nil: null }) }),
  '/api/files/:id': () => fc.constant({}),
  '/api/logs': () =>
    fc.record(
      {
        step: fc.constantFrom('steel', 'tile', 'diving-board'),
        date: day,
        text,
        fileIds: fc.array(one(ids.files), { maxLength: 3 }),
      },
      { requiredKeys: ['step', 'date', 'text'] },
    ),
  '/api/logs/:id': () => fc.constant({}),
  '/api/warranties': () =>
    fc.record(
      {
        step: fc.constantFrom('steel', 'pool-design', 'diving-board'),
        provider: text,
        termMonths: fc.integer({ min: -1, max: 700 }),
        startsOn: day,
        fileId: fc.option(one(ids.files), { nil: null }),
      },
      { requiredKeys: ['step', 'provider', 'termMonths'] },
    ),
}

/** The ids a route's `:id` stands for, its own and others'. */
const paramIds: Record<string, () => string[]> = {
  '/api/draws/:id/payments': () => ids.draws,
  '/api/payments/:id': () => ids.payments,
  '/api/change-orders/:id': () => ids.changeOrders,
  '/api/draws/:id/lien-waiver': () => ids.draws,
  '/api/files/:id': () => ids.files,
  '/api/logs/:id': () => ids.logs,
}

const drawBody = () =>
  fc.record(
    {
      id: one(ids.draws),
      label: text,
      amount: fc.integer({ min: -1, max: 900_000 }),
      due: fc.constantFrom('signing', 'start', 'done', 'inspection', 'later'),
    },
    { requiredKeys: ['label', 'amount', 'due'] },
  )

const inspectionBody = () =>
  fc.record(
    { status: fc.constantFrom('scheduled', 'passed', 'failed', 'ready'), date: day, notes: text },
    { requiredKeys: ['status', 'date'] },
  )

const quoteRef = () =>
  fc.oneof(
    fc.constantFrom(...refs),
    fc.record({ StageId: one(ids.stages), quoteId: one(ids.quotes) }),
    fc.record({ Title: title(), quoteId: one(ids.quotes) }),
  )

/** A right body with one field set to junk, dropped, or added. */
const mutated = (valid: fc.Arbitrary<Record<string, unknown>>) =>
  fc
    .tuple(
      valid,
      fc.constantFrom(
        ...['StageId', 'Title', 'choices', 'quoteId', 'amount', 'extra'],
        ...['startDate', 'step', 'startedOn', 'status', 'date'],
        ...['draws', 'paidOn', 'method', 'description'],
        ...['text', 'fileIds', 'provider', 'termMonths', 'startsOn', 'fileId'],
      ),
    )
    .chain(([b, key]) =>
      fc
        .option(junk, { nil: undefined })
        .map((v) =>
          v === undefined
            ? Object.fromEntries(Object.entries(b).filter(([k]) => k !== key))
            : { ...b, [key]: v },
        ),
    )

const body = (url: string) => {
  const valid = validBodies[url]?.()
  if (!valid) throw new Error(`no bodies for ${url}`)
  return fc.oneof(
    { arbitrary: valid.map((b) => JSON.stringify(b)), weight: 3 },
    { arbitrary: mutated(valid).map((b) => JSON.stringify(b)), weight: 3 },
    { arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)), weight: 1 },
    { arbitrary: fc.string(), weight: 1 },
  )
}

const METHODS: Record<string, 'POST' | 'DELETE'> = {
  '/api/request-manager': 'POST',
  '/api/draws/:id/payments': 'POST',
  '/api/payments/:id': 'DELETE',
  '/api/change-orders': 'POST',
  '/api/files/:id': 'DELETE',
  '/api/logs': 'POST',
  '/api/logs/:id': 'DELETE',
}

const ROUTES = Object.keys(validBodies).map((url) => ({
  method: METHODS[url] ?? ('PUT' as const),
  url,
}))

describe.each(ROUTES)('fuzzing $method $url', (route) => {
  it('never answers 5xx, and a rejected request changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        body(route.url),
        fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain'),
        one(paramIds[route.url]?.() ?? ['']),
        async (payload, type, id) => {
          const before = await snapshot(t)
          const res = await t.app.inject({
            method: route.method,
            url: route.url.replace(':id', id),
            headers: { 'content-type': type, ...headers },
            payload,
          })
          await expectSafeAnswer(t, res, before)
        },
      ),
      { numRuns: 100 },
    )
  })
})

/** Every text field of the builder's writes, in a body that is right but for it. */
const TEXT_FIELDS: {
  method: 'POST' | 'PUT'
  url: string
  field: string
  body: (text: string) => Record<string, unknown>
}[] = [
  {
    method: 'PUT',
    url: '/api/edit-pool',
    field: 'choices.permitNumber',
    body: (permitNumber) => ({ Title: 'Permits', choices: { permitNumber } }),
  },
  {
    method: 'PUT',
    url: '/api/edit-pool',
    field: 'choices.option',
    body: (option) => ({ StageId: stages.excavation, choices: { option } }),
  },
  {
    method: 'PUT',
    url: '/api/edit-pool',
    field: 'choices.items.0',
    body: (item) => ({ StageId: stages.extras, choices: { items: [item] } }),
  },
  ...(['vendor', 'note'] as const).flatMap((field) => [
    {
      method: 'PUT' as const,
      url: '/api/add-quote',
      field,
      body: (text: string) => ({ StageId: stages.steel, ...quote('Rebar Co'), [field]: text }),
    },
    {
      method: 'PUT' as const,
      url: '/api/add-quote1',
      field,
      body: (text: string) => ({ Title: 'Engineering', ...quote('Plans Co'), [field]: text }),
    },
  ]),
  {
    method: 'PUT',
    url: '/api/inspections/layout',
    field: 'notes',
    body: (notes) => ({ status: 'scheduled', date: '2030-03-04', notes }),
  },
  {
    method: 'POST',
    url: '/api/request-manager',
    field: 'message',
    body: (message) => ({ managerId: ids.managers[0], message }),
  },
  {
    method: 'POST',
    url: '/api/logs',
    field: 'text',
    body: (text) => ({ step: 'tile', date: '2030-03-04', text }),
  },
  {
    method: 'PUT',
    url: '/api/warranties',
    field: 'provider',
    body: (provider) => ({ step: 'tile', provider, termMonths: 12, startsOn: '2030-01-01' }),
  },
]

describe.each(TEXT_FIELDS)('any text in $field of $method $url', (route) => {
  it('is kept or refused by name, never a 5xx, and a refusal changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(oddText, async (text) => {
        const before = await snapshot(t)
        const res = await t.app.inject({
          method: route.method,
          url: route.url,
          headers: { 'content-type': 'application/json', ...headers },
          payload: JSON.stringify(route.body(text)),
        })
        expectTextAnswer(res, route.field, text)
        if (res.statusCode >= 400) expect(await snapshot(t)).toBe(before)
      }),
      { numRuns: 30, examples: STORAGE_BREAKERS },
    )
  })
})

/** Fields near an upload's: right or junk values, unknown names, a text field called file. */
const uploadFields = fc.dictionary(
  fc.constantFrom('kind', 'step', 'caption', 'extra', 'file'),
  fc.oneof(
    fc.constantFrom('photo', 'lien-waiver', 'selfie', 'steel', 'diving-board', '', ' '),
    fc.string({ maxLength: 30 }),
    fc.constantFrom('x'.repeat(201), 'é'.repeat(900), '\u0000', '\u202eevil'),
  ),
  { maxKeys: 4 },
)

describe('fuzzing POST /api/files', () => {
  it('never answers 5xx, and a refusal stores nothing', async () => {
    const bytes = {
      png: await png(64, 48),
      pdf: pdf(),
      exe: exe(),
      empty: Buffer.alloc(0),
      random: Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919) % 256)),
    }
    await fc.assert(
      fc.asyncProperty(
        uploadFields,
        fc.constantFrom(...(Object.keys(bytes) as (keyof typeof bytes)[])),
        fc.constantFrom('file', 'photo', null),
        fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('../x.png', 'a\u0000.pdf', 'ü.jpg')),
        async (fields, which, fieldName, name) => {
          const before = await snapshot(t)
          const stored = await filesUnder(filesDir(t))
          const file = fieldName === null ? undefined : { name, bytes: bytes[which] }
          const { payload, contentType } = await multipartBody(fields, file, fieldName ?? 'file')
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/files',
            headers: { ...headers, 'content-type': contentType },
            payload,
          })
          if (await expectSafeAnswer(t, res, before, { leak: 'FST_' })) {
            expect(await filesUnder(filesDir(t))).toEqual(stored)
          }
        },
      ),
      { numRuns: 60 },
    )
  })

  it('never answers 5xx to a body that is not the multipart it says', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string(), fc.constant('--abc\r\nContent-Disposition: form-data; name="file"')),
        fc.constantFrom(
          'multipart/form-data; boundary=abc',
          'multipart/form-data',
          'multipart/mixed; boundary=abc',
          'application/json',
          'text/plain',
          'application/octet-stream',
        ),
        async (payload, type) => {
          const before = await snapshot(t)
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/files',
            headers: { ...headers, 'content-type': type },
            payload,
          })
          expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400)
          expect(res.statusCode, res.body).toBeLessThan(500)
          expect(res.headers['content-type']).toContain('application/problem+json')
          expect(await snapshot(t)).toBe(before)
        },
      ),
      { numRuns: 60 },
    )
  })
})

describe.each(['/api/files', '/api/logs', '/api/warranties'])('fuzzing GET %s', (url) => {
  it('never answers 5xx to any query string', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.tuple(
            fc.constantFrom('step', 'kind', 'x', 'step[]', '__proto__'),
            fc.oneof(fc.constantFrom('steel', 'photo', 'selfie', ''), fc.string()),
          ),
          { maxLength: 3 },
        ),
        async (pairs) => {
          const query = new URLSearchParams(pairs).toString()
          const res = await json(t.app, 'GET', `${url}?${query}`, undefined, headers)
          expect(res.statusCode, res.body).toBeLessThan(500)
          if (res.statusCode >= 400)
            expect(res.headers['content-type']).toContain('application/problem+json')
        },
      ),
      { numRuns: 50 },
    )
  })
})
