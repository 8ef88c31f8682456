import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { AdminFetchData, Engineer, Manager } from '../../contract'
import { auditLog, managerRequests, poolEntries } from '../../server/db/schema'
import { appPerTest } from '../support/build'
import { adminPerTest, expectProblem, signIn, snapshot } from '../support/http'
import { call, callRaw } from '../support/call'

const t = appPerTest()
const admin = adminPerTest(t)

const person = {
  name: 'Sam Pro',
  company: 'Pro Co',
  email: 'Sam@Pro.example',
  phone: '+1 512 555 0100',
}
const ENTITIES = [
  {
    kind: 'engineers',
    names: { create: 'createEngineer', edit: 'editEngineer', remove: 'deleteEngineer' },
    schema: Engineer,
    input: { ...person, licenseNo: 'PE-1', fee: 90_000 },
    edit: { licenseNo: 'PE-2' },
    bad: { fee: -1, licenseNo: '', email: 'x' },
  },
  {
    kind: 'managers',
    names: { create: 'createManager', edit: 'editManager', remove: 'deleteManager' },
    schema: Manager,
    input: { ...person, bio: 'Thirty pools a year.', yearsExperience: 12, fee: 500_000 },
    edit: { yearsExperience: 13 },
    bad: { fee: -1, yearsExperience: 81, email: 'x' },
  },
] as const

describe.each(ENTITIES)('the admin $kind', (entity) => {
  const { names } = entity
  const post = (body: unknown) => callRaw(t, names.create, { body }, admin.headers)
  const put = (id: string, body: unknown) => callRaw(t, names.edit, { id, body }, admin.headers)
  const remove = (id: string) => callRaw(t, names.remove, { id }, admin.headers)
  const create = async () => {
    const res = await post(entity.input)
    expect(res.statusCode, res.body).toBe(201)
    return entity.schema.parse(res.json().Data)
  }

  it('creates, edits and deletes, recording each write with before and after', async () => {
    const created = await create()
    expect(created).toMatchObject({ ...entity.input, email: 'sam@pro.example' })
    const edited = await put(created.id, entity.edit)
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json().Data).toEqual({ ...created, ...entity.edit })
    const removed = await remove(created.id)
    expect(removed.json()).toEqual({ Data: created.id })

    const log = await t.app.db.select().from(auditLog).orderBy(auditLog.id)
    expect(log.map((e) => [e.action, e.entityId])).toEqual([
      ['create', created.id],
      ['edit', created.id],
      ['delete', created.id],
    ])
    expect(log.map((e) => [e.before, e.after])).toEqual([
      [null, created],
      [created, { ...created, ...entity.edit }],
      [{ ...created, ...entity.edit }, null],
    ])
  })

  it('names the bad fields, answers 404 to a deleted id, and changes nothing', async () => {
    const created = await create()
    const before = await snapshot(t)
    const problem = expectProblem(await put(created.id, entity.bad), 400)
    expect(Object.keys(problem.errors ?? {}).sort()).toEqual(Object.keys(entity.bad).sort())
    const refused = expectProblem(await post(entity.bad), 400)
    expect(Object.keys(refused.errors ?? {})).toEqual(expect.arrayContaining(['name', 'company']))
    expect(await snapshot(t)).toBe(before)
    await remove(created.id)
    expectProblem(await put(created.id, entity.edit), 404)
    expectProblem(await remove(created.id), 404)
  })
})

describe('deleting what clients refer to keeps their history readable', () => {
  it('an engineer chosen in Engineering: admin fetch and the client sign-in still answer 200', async () => {
    const engineer = await call(t, 'createEngineer', { body: ENTITIES[0].input }, admin.headers)
    const { session } = await signIn(t, 'c@example.com', { asNewClient: true })
    await t.app.db.insert(poolEntries).values({
      clientId: session.userData.id,
      title: 'Engineering',
      choices: { engineerId: engineer.id },
      done: true,
    })
    await call(t, 'deleteEngineer', { id: engineer.id }, admin.headers)

    const fetched = await callRaw(t, 'adminFetch', {}, admin.headers)
    expect(fetched.statusCode, fetched.body).toBe(200)
    const data = AdminFetchData.parse(fetched.json().Data)
    expect(data.Engineers).toEqual([])
    expect(data.Clients[0]?.stepsDone).toBe(1)
    const again = await signIn(t, 'c@example.com')
    expect(again.session.Engineers).toEqual([])
    expect(again.session.poolData?.nonStages).toMatchObject([
      { Title: 'Engineering', choices: { engineerId: engineer.id }, done: true },
    ])
  })

  it("a manager asked for: the request keeps the manager's name", async () => {
    const manager = await call(t, 'createManager', { body: ENTITIES[1].input }, admin.headers)
    const { session } = await signIn(t, 'c@example.com', { asNewClient: true })
    await t.app.db.insert(managerRequests).values({
      clientId: session.userData.id,
      managerId: manager.id,
      managerName: manager.name,
    })
    // A rename shows in the requests; only a deleted manager's name is frozen.
    await call(t, 'editManager', { id: manager.id, body: { name: 'Sam Prowse' } }, admin.headers)
    await call(t, 'deleteManager', { id: manager.id }, admin.headers)

    const [request] = await t.app.db.select().from(managerRequests)
    expect(request).toMatchObject({ managerId: null, managerName: 'Sam Prowse', status: 'open' })
    const fetched = await callRaw(t, 'adminFetch', {}, admin.headers)
    expect(fetched.statusCode, fetched.body).toBe(200)
    expect(AdminFetchData.parse(fetched.json().Data).ManagerRequests).toMatchObject([
      { managerId: null, managerName: 'Sam Prowse', clientName: 'Pat Swimmer' },
    ])
    expect((await signIn(t, 'c@example.com')).session.Managers).toEqual([])
    const body = { status: 'contacted' } as const
    const moved = await call(
      t,
      'editManagerRequest',
      { id: String(request?.id), body },
      admin.headers,
    )
    expect(moved).toMatchObject({ managerId: null, status: 'contacted' })
    expect(
      await t.app.db.select().from(managerRequests).where(eq(managerRequests.status, 'contacted')),
    ).toHaveLength(1)
  })
})
