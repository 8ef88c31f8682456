import crypto from 'node:crypto'
import { desc, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { StagesData, type Stage } from '../../contract'
import { DEFAULT_PRICING } from '../../contract/estimator'
import { auditLog, builderRequests, managerRequests } from '../../server/db/schema'
import { appPerTest } from '../support/build'
import { bearer, adminPerTest, expectProblem, lastMail, signIn, snapshot } from '../support/http'
import { callRaw } from '../support/call'
import { routes, type CallName } from '../../contract/routes'

const t = appPerTest()
const admin = adminPerTest(t)

/** An admin write by name: the id (or step) its path names, and its body. */
type Write = { name: CallName; params?: Record<string, string>; body?: unknown }
const send = (w: Write) => callRaw(t, w.name, { ...w.params, body: w.body }, admin.headers)
const put = (name: CallName, id: string, body: unknown): Write => ({ name, params: { id }, body })
const del = (name: CallName, id: string): Write => ({ name, params: { id } })
const schedule: Write = {
  name: 'editSchedule',
  params: { step: 'steel' },
  body: { durationDays: 4, waitDays: 1 },
}

async function create(name: CallName, body: unknown): Promise<string> {
  const res = await callRaw(t, name, { body }, admin.headers)
  expect(res.statusCode, res.body).toBe(201)
  return (res.json() as { Data: { id: string } }).Data.id
}

async function firstStage(): Promise<Stage> {
  const [stage] = StagesData.parse((await callRaw(t, 'stages')).json().Data)
  if (!stage) throw new Error('no seeded stage')
  return stage
}

const person = { name: 'Sam', company: 'Co', email: 'sam@co.example', phone: '5125550100' }

/** One of everything an admin can write to, each made by an admin call where there is one. */
async function fixtures() {
  const client = (await signIn(t, 'c@example.com', { asNewClient: true })).session.userData.id
  const manager = await create('createManager', {
    ...person,
    bio: '',
    yearsExperience: 1,
    fee: 1,
  })
  const [builderRequest] = await t.app.db
    .insert(builderRequests)
    .values({ clientId: client })
    .returning()
  const [managerRequest] = await t.app.db
    .insert(managerRequests)
    .values({ clientId: client, managerId: manager, managerName: 'Sam' })
    .returning()
  if (!builderRequest || !managerRequest) throw new Error('no requests made')
  return {
    client,
    manager,
    builderRequest: builderRequest.id,
    managerRequest: managerRequest.id,
    city: await create('createCity', { name: 'A', state: 'TX', permitFee: 1 }),
    admin: await create('createAdmin', { name: 'Bo', email: 'bo@x.co' }),
    engineer: await create('createEngineer', { ...person, licenseNo: 'L', fee: 1 }),
    stage: await firstStage(),
  }
}

describe('the audit log', () => {
  it('records every admin write once: who, what, which, before and after', async () => {
    const f = await fixtures()
    const writes: [Write, string][] = [
      [put('editClient', f.client, { perk: 'Tile' }), 'client'],
      [put('editAdmin', f.admin, { name: 'B' }), 'admin'],
      [put('editCity', f.city, { permitFee: 2 }), 'city'],
      [put('editEngineer', f.engineer, { fee: 2 }), 'engineer'],
      [put('editManager', f.manager, { fee: 2 }), 'manager'],
      [put('editTip', f.stage.designTip.id, { text: 'T' }), 'design_tip'],
      [put('editStage', f.stage.id, { pricing: f.stage.pricing }), 'stage'],
      [put('editBuilderRequest', f.builderRequest, { status: 'closed' }), 'builder_request'],
      [put('editManagerRequest', f.managerRequest, { status: 'closed' }), 'manager_request'],
      [schedule, 'schedule'],
      [del('deleteEngineer', f.engineer), 'engineer'],
      [del('deleteManager', f.manager), 'manager'],
      [del('deleteCity', f.city), 'city'],
      [del('deleteAdmin', f.admin), 'admin'],
      [del('deleteClient', f.client), 'client'],
    ]
    const count = async () => (await t.app.db.select().from(auditLog)).length
    // The four creates of the fixtures.
    expect(await count()).toBe(4)
    for (const [write, entity] of writes) {
      const res = await send(write)
      expect(res.statusCode, res.body).toBe(200)
      const [last] = await t.app.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1)
      const action = routes[write.name].method === 'DELETE' ? 'delete' : 'edit'
      expect(last).toMatchObject({ actorId: admin.id, entity, action })
      expect(last?.entityId).toBe(Object.values(write.params ?? {})[0])
      expect(last?.before).not.toBeNull()
      if (action === 'edit') expect(last?.after).not.toBeNull()
      else expect(last?.after).toBeNull()
    }
    expect(await count()).toBe(4 + writes.length)
  })

  it('rolls a write back when its audit row cannot be written, and sends no mail', async () => {
    const { session } = await signIn(t, 'wait@example.com', { asNewClient: true })
    await callRaw(t, 'editStatus', { body: { onWaiting: true } }, bearer(session.Token))
    const stage = await firstStage()
    // Stands in for any failure of the audit insert (a full disk, a lost connection).
    await t.app.db.execute(sql`create function refuse_audit() returns trigger language plpgsql
      as $$ begin raise exception 'audit refused'; end $$`)
    await t.app.db.execute(sql`create trigger refuse_audit before insert on audit_log
      for each row execute function refuse_audit()`)
    try {
      const before = await snapshot(t)
      const client = session.userData.id
      const refused: Write[] = [
        { name: 'createCity', body: { name: 'Austin', state: 'TX', permitFee: 1 } },
        { name: 'createAdmin', body: { name: 'Bo', email: 'bo@x.co' } },
        put('editClient', client, { name: 'Z' }),
        del('deleteClient', client),
        put('editStage', stage.id, { pricing: DEFAULT_PRICING.steel }),
        put('editTip', stage.designTip.id, { text: 'Changed' }),
        schedule,
      ]
      for (const write of refused) expectProblem(await send(write), 500, 'INTERNAL')
      // A write refused before it wrote anything never reaches the audit insert.
      const unknown = put('editBuilderRequest', crypto.randomUUID(), { status: 'open' })
      expectProblem(await send(unknown), 404)
      expect(await snapshot(t)).toBe(before)
      expect((await lastMail(t, 'wait@example.com')).subject).not.toMatch(/We now build/)
      expect(await firstStage()).toEqual(stage)
    } finally {
      await t.app.db.execute(sql`drop trigger if exists refuse_audit on audit_log`)
      await t.app.db.execute(sql`drop function if exists refuse_audit()`)
    }
  })
})
