import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { AdminClient } from '../../contract'
import {
  auditLog,
  builderRequests,
  clients,
  poolEntries,
  refreshTokens,
} from '../../server/db/schema'
import { appPerTest } from '../support/build'
import { bearer, adminPerTest, expectProblem, signIn, snapshot } from '../support/http'
import { callRaw } from '../support/call'

const t = appPerTest()
const admin = adminPerTest(t)

const edit = (id: string, body: unknown) => callRaw(t, 'editClient', { id, body }, admin.headers)
const remove = (id: string) => callRaw(t, 'deleteClient', { id }, admin.headers)
const newClient = (email: string, city = 'Austin') =>
  signIn(t, email, { asNewClient: true, details: { city } })

describe('PUT /api/admin/client/edit/{id}', () => {
  it('corrects the profile, moves the client (Flag follows) and records before and after', async () => {
    const { session } = await newClient('c@example.com', 'Reno')
    const id = session.userData.id
    await callRaw(
      t,
      'createCity',
      { body: { name: 'El Paso', state: 'TX', permitFee: 1 } },
      admin.headers,
    )
    const res = await edit(id, { email: 'New@Example.com', city: ' el  paso', perk: 'Free tile' })
    expect(res.statusCode, res.body).toBe(200)
    const edited = AdminClient.parse(res.json().Data)
    expect(edited).toMatchObject({ email: 'new@example.com', city: 'El Paso', Flag: true })
    expect(edited.perk).toBe('Free tile')
    const [row] = await t.app.db.select().from(clients).where(eq(clients.userId, id))
    expect(row?.cityKey).toBe('elpaso|TX')
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'client'), eq(auditLog.entityId, id)))
    expect(entry).toMatchObject({ actorId: admin.id, action: 'edit' })
    expect(entry?.before).toMatchObject({ email: 'c@example.com', city: 'Reno', Flag: false })
    expect(entry?.after).toMatchObject({ email: 'new@example.com', Flag: true })
    // The client signs in with the new address, and sees the builder.
    expect((await signIn(t, 'new@example.com')).session.Flag).toBe(true)
  })

  it('answers 409 to an email another account uses, whatever its case, and changes nothing', async () => {
    const { session } = await newClient('c@example.com')
    await newClient('other@example.com')
    const before = await snapshot(t)
    expectProblem(await edit(session.userData.id, { email: 'OTHER@example.com' }), 409, 'CONFLICT')
    expectProblem(await edit(session.userData.id, { email: 'Admin@Example.com' }), 409, 'CONFLICT')
    expect(await snapshot(t)).toBe(before)
  })

  it('names the bad fields, refuses an empty edit, and changes nothing', async () => {
    const { session } = await newClient('c@example.com')
    const id = session.userData.id
    const before = await snapshot(t)
    const problem = expectProblem(
      await edit(id, {
        email: 'nope',
        state: 'Texas',
        phone: 'x',
        onWaiting: 'yes',
        role: 'ADMIN',
      }),
      400,
      'VALIDATION_FAILED',
    )
    expect(Object.keys(problem.errors ?? {}).sort()).toEqual([
      'email',
      'onWaiting',
      'phone',
      'role',
      'state',
    ])
    expectProblem(await edit(id, {}), 400, 'VALIDATION_FAILED')
    expect(await snapshot(t)).toBe(before)
  })

  it('answers 404 for an admin: client/edit edits clients only', async () => {
    const before = await snapshot(t)
    expectProblem(await edit(admin.id, { name: 'Client now' }), 404, 'NOT_FOUND')
    expect(await snapshot(t)).toBe(before)
  })
})

describe('DELETE /api/admin/client/{id}', () => {
  it('deletes the account with its pool and requests, and ends its sessions at once', async () => {
    const { session, refresh } = await newClient('c@example.com')
    const id = session.userData.id
    await t.app.db.insert(poolEntries).values({ clientId: id, title: 'Permits' })
    await t.app.db.insert(builderRequests).values({ clientId: id })
    // Its identity is cached by this call: the delete must drop it.
    const ok = await callRaw(t, 'editStatus', { body: { onWaiting: true } }, bearer(session.Token))
    expect(ok.statusCode).toBe(200)

    const res = await remove(id)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ Data: id })
    expectProblem(
      await callRaw(t, 'editStatus', { body: { onWaiting: false } }, bearer(session.Token)),
      401,
    )
    expectProblem(await callRaw(t, 'refresh', {}, { cookie: `refresh_token=${refresh}` }), 401)
    expect(await t.app.db.select().from(refreshTokens).where(eq(refreshTokens.userId, id))).toEqual(
      [],
    )
    expect(await t.app.db.select().from(poolEntries)).toEqual([])
    expect(await t.app.db.select().from(builderRequests)).toEqual([])
    const [entry] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'delete'))
    expect(entry).toMatchObject({ actorId: admin.id, entity: 'client', entityId: id, after: null })
    expect(entry?.before).toMatchObject({ email: 'c@example.com' })
    expectProblem(await remove(id), 404, 'NOT_FOUND')
  })

  it('answers 404 for an admin, and changes nothing', async () => {
    const before = await snapshot(t)
    expectProblem(await remove(admin.id), 404, 'NOT_FOUND')
    expect(await snapshot(t)).toBe(before)
  })
})
