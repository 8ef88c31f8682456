import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { EntryData, type PoolEntry } from '../../contract'
import { engineers, managers } from '../../server/db/schema'
import { appPerTest, type TestApp } from '../support/build'
import { bearer, json, signIn, signInAdmin } from '../support/http'
import { call } from '../support/call'
import { perTest } from '../support/per-test'

type Headers = Record<string, string>

/** Serves Austin, TX (the default onboarding city), so new clients there have Flag. */
export async function serveAustin(t: TestApp): Promise<Headers> {
  const admin = (await signInAdmin(t)).headers
  await call(t, 'createCity', { body: { name: 'Austin', state: 'TX', permitFee: 45_000 } }, admin)
  return admin
}

/** A new client in Austin; call serveAustin first for one with Flag. */
export async function newClient(t: TestApp, email: string) {
  const { session } = await signIn(t, email, { asNewClient: true })
  return { id: session.userData.id, headers: bearer(session.Token) }
}

/** serveAustin before every test: answers the back office's headers. */
export const serveAustinPerTest = (t: TestApp) => perTest(() => serveAustin(t))

/** A new client in Austin for every test, `c@example.com` unless told. */
export const clientPerTest = (t: TestApp, email = 'c@example.com') =>
  perTest(() => newClient(t, email))

/**
 * Per test: a fresh app (build(overrides)) serving Austin, the back office's headers, and a
 * client there (c@example.com), as most client-side tests start.
 */
export function austinPerTest(overrides: Parameters<typeof appPerTest>[0] = {}) {
  const t = appPerTest(overrides)
  const admin = serveAustinPerTest(t)
  const client = clientPerTest(t)
  return { t, admin, client }
}

export const put = (t: TestApp, url: string, body: unknown, headers: Headers) =>
  json(t.app, 'PUT', url, body, headers)

/** The entry a write answered, checked against the contract. */
export function entryOf(res: LightMyRequestResponse): PoolEntry {
  expect(res.statusCode, res.body).toBe(200)
  return EntryData.parse((res.json() as { Data: unknown }).Data)
}

export async function stageIds(t: TestApp): Promise<Record<string, string>> {
  const { stages } = await t.app.stages.list()
  return Object.fromEntries(stages.map((s) => [s.slug, s.id]))
}

export async function addEngineer(t: TestApp) {
  const [row] = await t.app.db
    .insert(engineers)
    .values({
      name: 'Eve Engineer',
      company: 'Stamped Plans LLC',
      email: 'eve@example.com',
      phone: '+1 512 555 0101',
      licenseNo: 'PE-123',
      fee: 150_000,
    })
    .returning()
  if (!row) throw new Error('no engineer')
  return row
}

export async function addManager(t: TestApp, name = 'Max Manager') {
  const [row] = await t.app.db
    .insert(managers)
    .values({
      name,
      company: 'Build Right',
      email: 'max@example.com',
      phone: '+1 512 555 0102',
      bio: 'Twenty pools a year.',
      yearsExperience: 12,
      fee: 900_000,
    })
    .returning()
  if (!row) throw new Error('no manager')
  return row
}

export const quote = (vendor: string, amount = 800_000) => ({ vendor, amount, note: 'incl. haul' })
