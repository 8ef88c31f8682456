import { beforeEach, describe, expect, it } from 'vitest'
import { appPerTest } from '../support/build'
import { bearer, expectProblem, json, signIn, snapshot } from '../support/http'
import { addManager, newClient, serveAustin, stageIds } from './client-kit'
import { png, upload } from './files-kit'
import { REFERENCE_POOL } from '../../contract/estimator'

const t = appPerTest()
let admin: Record<string, string>
let calls: { method: 'GET' | 'PUT' | 'POST' | 'DELETE'; url: string; body: unknown }[]
beforeEach(async () => {
  admin = await serveAustin(t)
  const { excavation, steel } = await stageIds(t)
  const manager = await addManager(t)
  const quoteId = crypto.randomUUID()
  // Valid bodies, so only the caller decides the answer.
  calls = [
    {
      method: 'PUT',
      url: '/api/edit-pool',
      body: { Title: 'Pool Design', choices: REFERENCE_POOL },
    },
    { method: 'PUT', url: '/api/mark-done', body: { StageId: steel, done: true } },
    { method: 'PUT', url: '/api/mark-done1', body: { Title: 'Permits', done: true } },
    {
      method: 'PUT',
      url: '/api/add-quote',
      body: { StageId: excavation, vendor: 'Dig Co', amount: 1 },
    },
    {
      method: 'PUT',
      url: '/api/add-quote1',
      body: { Title: 'Permits', vendor: 'City', amount: 1 },
    },
    { method: 'PUT', url: '/api/accept-quote', body: { StageId: excavation, quoteId } },
    { method: 'PUT', url: '/api/remove-quote', body: { Title: 'Permits', quoteId } },
    { method: 'PUT', url: '/api/request-builder', body: undefined },
    { method: 'POST', url: '/api/request-manager', body: { managerId: manager.id } },
    { method: 'GET', url: '/api/timeline', body: undefined },
    { method: 'PUT', url: '/api/timeline/start', body: { startDate: '2030-03-04' } },
    {
      method: 'PUT',
      url: '/api/timeline/started',
      body: { step: 'pool-design', startedOn: null },
    },
    {
      method: 'PUT',
      url: '/api/inspections/final',
      body: { status: 'scheduled', date: '2030-04-10' },
    },
    { method: 'GET', url: '/api/notifications', body: undefined },
    {
      method: 'PUT',
      url: '/api/notifications',
      body: {
        inspectionReminders: false,
        stepUpdates: true,
        warrantyReminders: true,
        tradeInsurance: true,
      },
    },
    { method: 'GET', url: '/api/money', body: undefined },
    {
      method: 'PUT',
      url: '/api/draws',
      body: { step: 'excavation', draws: [{ label: 'All', amount: 100, due: 'signing' }] },
    },
    {
      method: 'POST',
      url: `/api/draws/${crypto.randomUUID()}/payments`,
      body: { paidOn: '2030-03-04', amount: 100, method: 'check' },
    },
    { method: 'DELETE', url: `/api/payments/${crypto.randomUUID()}`, body: undefined },
    {
      method: 'POST',
      url: '/api/change-orders',
      body: { step: 'excavation', description: 'More rock', amount: 100 },
    },
    {
      method: 'PUT',
      url: `/api/change-orders/${crypto.randomUUID()}`,
      body: { status: 'approved' },
    },
    {
      method: 'PUT',
      url: `/api/draws/${crypto.randomUUID()}/lien-waiver`,
      body: { fileId: null },
    },
    { method: 'GET', url: '/api/files?kind=photo', body: undefined },
    { method: 'DELETE', url: `/api/files/${crypto.randomUUID()}`, body: undefined },
    {
      method: 'POST',
      url: '/api/logs',
      body: { step: 'excavation', date: '2030-03-04', text: 'Dig started' },
    },
    { method: 'GET', url: '/api/logs', body: undefined },
    { method: 'DELETE', url: `/api/logs/${crypto.randomUUID()}`, body: undefined },
    {
      method: 'PUT',
      url: '/api/warranties',
      body: { step: 'steel', provider: 'Rebar Co', termMonths: 12, startsOn: '2030-01-01' },
    },
    { method: 'GET', url: '/api/warranties', body: undefined },
    { method: 'GET', url: '/api/bid-requests?step=steel', body: undefined },
    {
      method: 'POST',
      url: '/api/bid-requests',
      body: { step: 'steel', tradeIds: [crypto.randomUUID()], dueOn: '2030-03-10' },
    },
    { method: 'POST', url: `/api/bid-requests/${crypto.randomUUID()}/resend`, body: undefined },
    { method: 'DELETE', url: `/api/bid-requests/${crypto.randomUUID()}`, body: undefined },
    { method: 'GET', url: '/api/scope', body: undefined },
  ]
})

/** The multipart upload beside the JSON calls: a real photo, so only the caller decides. */
const uploadAs = async (headers: Record<string, string>) =>
  upload(t, headers, { kind: 'photo' }, { name: 'a.png', bytes: await png() })

const callAll = async (headers: Record<string, string>) => [
  ...(await Promise.all(calls.map((c) => json(t.app, c.method, c.url, c.body, headers)))),
  await uploadAs(headers),
]

describe('who may use the builder calls', () => {
  it('answers 401 to an anonymous caller on every call', async () => {
    const before = await snapshot(t)
    for (const res of await callAll({})) expectProblem(res, 401, 'UNAUTHENTICATED')
    expect(await snapshot(t)).toBe(before)
  })

  it('answers 403 to an admin on every call', async () => {
    const before = await snapshot(t)
    for (const res of await callAll(admin)) expectProblem(res, 403, 'FORBIDDEN')
    expect(await snapshot(t)).toBe(before)
  })

  it('answers 403 to a client whose city we do not serve (Flag=false) on every call', async () => {
    const { session } = await signIn(t, 'reno@example.com', {
      asNewClient: true,
      details: { city: 'Reno', state: 'NV' },
    })
    expect(session.Flag).toBe(false)
    const before = await snapshot(t)
    for (const res of await callAll(bearer(session.Token))) expectProblem(res, 403, 'FORBIDDEN')
    expect(await snapshot(t)).toBe(before)
  })

  it('lets a client with Flag through every call', async () => {
    const client = await newClient(t, 'c@example.com')
    const statuses = (await callAll(client.headers)).map((r) => r.statusCode)
    // The quote, money, file and log calls name ids that do not exist: 404 is the route's own
    // answer; so is 409 for the final inspection, which waits for the pool's startup, and for
    // the money calls on a step without a contract; and 400 for bids from a trade not recorded.
    expect(statuses).toEqual([
      200, 200, 200, 200, 200, 404, 404, 200, 201, 200, 200, 200, 409, 200, 200, 200, 409, 404, 404,
      409, 404, 404, 200, 404, 201, 200, 404, 200, 200, 200, 400, 404, 404, 200, 201,
    ])
  })
})
