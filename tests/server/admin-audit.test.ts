import crypto from 'node:crypto'
import { desc, sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { StagesData, type Stage } from '../../contract'
import { DEFAULT_PRICING } from '../../contract/estimator'
import { auditLog, builderRequests, managerRequests } from '../../server/db/schema'
import type { TestApp } from '../support/build'
import {
  bearer,
  buildAsAdmin,
  expectProblem,
  json,
  lastMail,
  signIn,
  snapshot,
} from '../support/http'
import { callRaw } from '../support/call'

let t: TestApp
let admin: Record<string, string>
let adminId: string
beforeEach(async () => {
  ;({ t, admin, adminId } = await buildAsAdmin())
})
afterEach(() => t.app.close())

type Write = { method: 'POST' | 'PUT' | 'DELETE'; url: string; body?: unknown }
const send = (w: Write) => json(t.app, w.method, w.url, w.body, admin)
const put = (url: string, body: unknown): Write => ({ method: 'PUT', url, body })
const del = (url: string): Write => ({ method: 'DELETE', url })

async function create(url: string, body: unknown): Promise<string> {
  const res = await json(t.app, 'POST', url, body, admin)
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
  const manager = await create('/api/admin/managers/create', {
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
  return {
    client,
    manager,
    builderRequest: builderRequest?.id,
    managerRequest: managerRequest?.id,
    city: await create('/api/admin/cities/create', { name: 'A', state: 'TX', permitFee: 1 }),
    admin: await create('/api/admin/admin/create', { name: 'Bo', email: 'bo@x.co' }),
    engineer: await create('/api/admin/engineers/create', { ...person, licenseNo: 'L', fee: 1 }),
    stage: await firstStage(),
  }
}

describe('the audit log', () => {
  it('records every admin write once: who, what, which, before and after', async () => {
    const f = await fixtures()
    const writes: [Write, string][] = [
      [put(`/api/admin/client/edit/${f.client}`, { perk: 'Tile' }), 'client'],
      [put(`/api/admin/admin/edit/${f.admin}`, { name: 'B' }), 'admin'],
      [put(`/api/admin/cities/edit/${f.city}`, { permitFee: 2 }), 'city'],
      [put(`/api/admin/engineers/edit/${f.engineer}`, { fee: 2 }), 'engineer'],
      [put(`/api/admin/managers/edit/${f.manager}`, { fee: 2 }), 'manager'],
      [put(`/api/admin/tips/edit/${f.stage.designTip.id}`, { text: 'T' }), 'design_tip'],
      [put(`/api/admin/stages/edit/${f.stage.id}`, { pricing: f.stage.pricing }), 'stage'],
      [
        put(`/api/admin/builder-requests/${f.builderRequest}`, { status: 'closed' }),
        'builder_request',
      ],
      [
        put(`/api/admin/manager-requests/${f.managerRequest}`, { status: 'closed' }),
        'manager_request',
      ],
      [put('/api/admin/schedule/edit/steel', { durationDays: 4, waitDays: 1 }), 'schedule'],
      [del(`/api/admin/engineers/${f.engineer}`), 'engineer'],
      [del(`/api/admin/managers/${f.manager}`), 'manager'],
      [del(`/api/admin/cities/${f.city}`), 'city'],
      [del(`/api/admin/admin/${f.admin}`), 'admin'],
      [del(`/api/admin/client/${f.client}`), 'client'],
    ]
    const count = async () => (await t.app.db.select().from(auditLog)).length
    // The four creates of the fixtures.
    expect(await count()).toBe(4)
    for (const [write, entity] of writes) {
      const res = await send(write)
      expect(res.statusCode, res.body).toBe(200)
      const [last] = await t.app.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1)
      const action = write.method === 'DELETE' ? 'delete' : 'edit'
      expect(last).toMatchObject({ actorId: adminId, entity, action })
      expect(last?.entityId).toBe(write.url.split('/').pop())
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
      const client = `/api/admin/client/${session.userData.id}`
      const refused: Write[] = [
        {
          method: 'POST',
          url: '/api/admin/cities/create',
          body: { name: 'Austin', state: 'TX', permitFee: 1 },
        },
        { method: 'POST', url: '/api/admin/admin/create', body: { name: 'Bo', email: 'bo@x.co' } },
        put(`/api/admin/client/edit/${session.userData.id}`, { name: 'Z' }),
        del(client),
        put(`/api/admin/stages/edit/${stage.id}`, { pricing: DEFAULT_PRICING.steel }),
        put(`/api/admin/tips/edit/${stage.designTip.id}`, { text: 'Changed' }),
        put('/api/admin/schedule/edit/steel', { durationDays: 4, waitDays: 1 }),
      ]
      for (const write of refused) expectProblem(await send(write), 500, 'INTERNAL')
      // A write refused before it wrote anything never reaches the audit insert.
      const unknown = put(`/api/admin/builder-requests/${crypto.randomUUID()}`, { status: 'open' })
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
