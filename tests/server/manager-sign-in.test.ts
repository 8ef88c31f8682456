import { eq } from 'drizzle-orm'
import { z } from 'zod/mini'
import { describe, expect, it } from 'vitest'
import { AdminUser, RefreshData } from '../../contract'
import { users } from '../../server/db/schema'
import { appPerTest } from '../support/build'
import {
  adminPerTest,
  bearer,
  expectProblem,
  onboardingDetails,
  refreshWith,
  requestCode,
  signIn,
} from '../support/http'
import { callRaw } from '../support/call'
import { TEST_ADMIN_EMAIL } from '../support/template'
import { listManager, managerInput } from './manager-kit'

/** The 409 of an email another kind of account holds, and the words that say whose it is. */
const emailInUse = (res: Parameters<typeof expectProblem>[0], whose: string) =>
  expect(expectProblem(res, 409, 'EMAIL_IN_USE').detail).toBe(
    `This email is ${whose}: use another one.`,
  )
const ACCOUNTS = "a client's or an admin's"
const MANAGERS = "a project manager's"

const t = appPerTest()
const admin = adminPerTest(t)

const managerBody = managerInput('Mia Manager', 'mia@build.example')

const usersWith = (email: string) => t.app.db.select().from(users).where(eq(users.email, email))

describe('a manager signing in', () => {
  it('gets a MANAGER user named from the list at its first verify, and the same one after', async () => {
    await listManager(t, 'Mia Manager', 'mia@build.example')
    const first = await signIn(t, 'MIA@build.example')
    expect(first.session.role).toBe('MANAGER')
    expect(first.session.poolData).toBeNull()
    expect(z.strictObject(AdminUser.shape).parse(first.session.userData)).toMatchObject({
      email: 'mia@build.example',
      name: 'Mia Manager',
      role: 'MANAGER',
    })
    const again = await signIn(t, 'mia@build.example')
    expect(again.session.userData.id).toBe(first.session.userData.id)
    expect(await usersWith('mia@build.example')).toHaveLength(1)

    const refreshed = await refreshWith(t, again.refresh)
    expect(refreshed.statusCode, refreshed.body).toBe(200)
    const data = RefreshData.parse(refreshed.json().Data)
    expect(data).toMatchObject({ role: 'MANAGER', Flag: false, userData: { name: 'Mia Manager' } })
    expect(data.poolData).toBeUndefined()
  })

  it('is refused every admin call but its own, the admin fetch included', async () => {
    await listManager(t, 'Mia Manager', 'mia@build.example')
    const { session } = await signIn(t, 'mia@build.example')
    expectProblem(await callRaw(t, 'adminFetch', {}, bearer(session.Token)), 403, 'FORBIDDEN')
    const projects = await callRaw(t, 'projects', {}, bearer(session.Token))
    expect(projects.statusCode, projects.body).toBe(200)
  })

  it('follows its manager: an edited email moves its user, a deleted manager ends it', async () => {
    const manager = await listManager(t, 'Mia Manager', 'mia@build.example')
    const { session, refresh } = await signIn(t, 'mia@build.example')
    const edit = { name: 'Mia Lead', email: 'lead@build.example' }
    const edited = await callRaw(t, 'editManager', { id: manager.id, body: edit }, admin.headers)
    expect(edited.statusCode, edited.body).toBe(200)
    const moved = await signIn(t, 'lead@build.example')
    expect(moved.session.userData).toMatchObject({ id: session.userData.id, name: 'Mia Lead' })

    const removed = await callRaw(t, 'deleteManager', { id: manager.id }, admin.headers)
    expect(removed.statusCode, removed.body).toBe(200)
    expect(await usersWith('lead@build.example')).toEqual([])
    expectProblem(await refreshWith(t, refresh), 401)
  })
})

describe("a manager's email", () => {
  it("may not be a client's or an admin's (409 EMAIL_IN_USE), on create or edit", async () => {
    await signIn(t, 'pat@example.com', { asNewClient: true })
    for (const email of ['pat@example.com', TEST_ADMIN_EMAIL]) {
      const body = { ...managerBody, email }
      emailInUse(await callRaw(t, 'createManager', { body }, admin.headers), ACCOUNTS)
    }
    const manager = await listManager(t, 'Mia Manager', 'mia@build.example')
    const body = { email: 'pat@example.com' }
    const edit = await callRaw(t, 'editManager', { id: manager.id, body }, admin.headers)
    emailInUse(edit, ACCOUNTS)
  })

  it("may not be another manager's (409 EMAIL_IN_USE), though an edit may keep its own", async () => {
    const mia = await listManager(t, 'Mia Manager', 'mia@build.example')
    const max = await listManager(t, 'Max Manager', 'max@build.example')
    const twin = { ...managerBody, name: 'Mia Twin' }
    emailInUse(await callRaw(t, 'createManager', { body: twin }, admin.headers), MANAGERS)
    const taken = { email: 'mia@build.example' }
    const edit = await callRaw(t, 'editManager', { id: max.id, body: taken }, admin.headers)
    emailInUse(edit, MANAGERS)
    const kept = await callRaw(
      t,
      'editManager',
      { id: mia.id, body: { ...taken, name: 'Mia M.' } },
      admin.headers,
    )
    expect(kept.statusCode, kept.body).toBe(200)
  })

  it('is refused to a new admin, an edited client and onboarding (then ACCOUNT_EXISTS once signed in)', async () => {
    await listManager(t, 'Mia Manager', 'mia@build.example')
    const adminBody = { name: 'Al', email: 'mia@build.example' }
    const created = await callRaw(t, 'createAdmin', { body: adminBody }, admin.headers)
    emailInUse(created, MANAGERS)

    const { session } = await signIn(t, 'pat@example.com', { asNewClient: true })
    const id = session.userData.id
    const body = { email: 'mia@build.example' }
    emailInUse(await callRaw(t, 'editClient', { id, body }, admin.headers), MANAGERS)

    const onboard = async () => {
      const { tempToken, code } = await requestCode(t, 'mia@build.example')
      return callRaw(t, 'onboarding', { body: { code, ...onboardingDetails }, tempToken })
    }
    emailInUse(await onboard(), MANAGERS)
    await signIn(t, 'mia@build.example')
    expectProblem(await onboard(), 409, 'ACCOUNT_EXISTS')
  })
})
