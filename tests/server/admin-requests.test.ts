import { beforeEach, describe, expect, it } from 'vitest'
import { BuilderRequest, ManagerRequest } from '../../contract'
import { auditLog, builderRequests, managerRequests, managers } from '../../server/db/schema'
import { appPerTest } from '../support/build'
import { adminPerTest, expectProblem, signIn, snapshot } from '../support/http'
import { callRaw } from '../support/call'

const t = appPerTest()
const admin = adminPerTest(t)
let clientId: string
let managerId: string
beforeEach(async () => {
  clientId = (await signIn(t, 'c@example.com', { asNewClient: true })).session.userData.id
  const [manager] = await t.app.db
    .insert(managers)
    .values({
      name: 'Mo',
      company: 'M',
      email: 'mo@m.co',
      phone: '5125550100',
      bio: '',
      yearsExperience: 3,
      fee: 1,
    })
    .returning()
  if (!manager) throw new Error('no manager')
  managerId = manager.id
})

/** A request for the builder: at most one of them may be open. */
async function builderRequest(status: 'open' | 'closed' = 'open') {
  const [row] = await t.app.db.insert(builderRequests).values({ clientId, status }).returning()
  if (!row) throw new Error('no request')
  return row.id
}

/** A request for the one manager: at most one of them may be open. */
async function managerRequest(status: 'open' | 'closed' = 'open') {
  const values = { clientId, managerId, managerName: 'Mo', message: 'Call me', status }
  const [row] = await t.app.db.insert(managerRequests).values(values).returning()
  if (!row) throw new Error('no request')
  return row.id
}

const KINDS = [
  {
    name: 'editBuilderRequest',
    entity: 'builder_request',
    make: builderRequest,
    schema: BuilderRequest,
  },
  {
    name: 'editManagerRequest',
    entity: 'manager_request',
    make: managerRequest,
    schema: ManagerRequest,
  },
] as const

describe.each(KINDS)('$name', (kind) => {
  const move = (id: string, body: unknown) => callRaw(t, kind.name, { id, body }, admin.headers)

  it('moves the request on, answering it with the client name, and records it', async () => {
    const id = await kind.make()
    const res = await move(id, { status: 'contacted' })
    expect(res.statusCode, res.body).toBe(200)
    const moved = kind.schema.parse(res.json().Data)
    expect(moved).toMatchObject({ id, clientId, clientName: 'Pat Swimmer', status: 'contacted' })
    const [entry] = await t.app.db.select().from(auditLog)
    expect(entry).toMatchObject({ action: 'edit', entity: kind.entity, entityId: id })
    expect(entry?.before).toMatchObject({ status: 'open' })
    expect(entry?.after).toEqual(moved)
  })

  it('answers 409 to reopening one while another is open, and changes nothing', async () => {
    const closed = await kind.make('closed')
    await kind.make('open')
    const before = await snapshot(t)
    expectProblem(await move(closed, { status: 'open' }), 409, 'CONFLICT')
    expect(await snapshot(t)).toBe(before)
  })

  it('names a bad status and changes nothing', async () => {
    const id = await kind.make()
    const before = await snapshot(t)
    const problem = expectProblem(await move(id, { status: 'done', note: 'x' }), 400)
    expect(Object.keys(problem.errors ?? {}).sort()).toEqual(['note', 'status'])
    expect(await snapshot(t)).toBe(before)
  })
})
