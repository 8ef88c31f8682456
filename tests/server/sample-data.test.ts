import crypto from 'node:crypto'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { AdminFetchData, LoginData, SessionData } from '../../contract'
import { routes, type CallName } from '../../contract/routes'
import { openDatabase, type DatabaseOptions } from '../../server/db/driver/client'
import { seedSamples } from '../../server/db/samples'
import { cities, engineers, managers } from '../../server/db/schema'
import { withDatabase } from '../support/template'
import { build } from '../support/build'
import { call } from '../support/call'
import { bearer, signInAdmin } from '../support/http'
import { PROCESS_TEST, start, stopStarted, tempDir, waitFor, type Server } from './server-process'

// What a newcomer's `npm start` seeds: one served city, two engineers and two managers, marked
// sample, once per database. The process tests run once, in the PGlite project.
const inPglite = process.env.TEST_DB !== 'postgres'
const postgresUrl = process.env.TEST_DATABASE_URL
// Two starts of a server each, on a machine that may be busy.
const TWO_STARTS = { timeout: 2 * PROCESS_TEST.timeout }

afterEach(stopStarted)

/** A POST call by name to a started server, over the network as a newcomer's browser sends it. */
const post = (
  server: Server,
  name: CallName,
  body: unknown,
  headers: Record<string, string> = {},
) =>
  fetch(`${server.url}${routes[name].path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })

/** Asks for a code and reads it from the server's output, as the README tells a newcomer to. */
async function codeFromOutput(server: Server, email: string) {
  const login = await post(server, 'login', { email })
  expect(login.status).toBe(200)
  const { tempToken } = LoginData.parse(((await login.json()) as { Data: unknown }).Data)
  const line = new RegExp(`^Sign-in code for ${email.replace('.', '\\.')}: (\\d{6})$`, 'm')
  await waitFor(() => line.test(server.stdout), 10_000, `the sign-in code line for ${email}`)
  return { tempToken, code: line.exec(server.stdout)?.[1] ?? '' }
}

async function adminData(server: Server) {
  const { tempToken, code } = await codeFromOutput(server, 'admin@example.com')
  const verify = await post(server, 'verify', { code }, { 'temp-token': tempToken })
  expect(verify.status).toBe(200)
  const { Token } = SessionData.parse(((await verify.json()) as { Data: unknown }).Data)
  const res = await fetch(`${server.url}${routes.adminFetch.path}`, { headers: bearer(Token) })
  expect(res.status).toBe(200)
  return AdminFetchData.parse(((await res.json()) as { Data: unknown }).Data)
}

async function stop(server: Server) {
  server.child.kill('SIGTERM')
  expect((await server.exitWithin(10_000)).code).toBe(0)
}

/** The directory as stored, read once the server has stopped. */
async function directoryIn(options: DatabaseOptions) {
  const database = await openDatabase(options)
  try {
    const { db } = database
    return {
      cities: await db
        .select({ name: cities.name, state: cities.state, sample: cities.sample })
        .from(cities),
      engineers: await db
        .select({ name: engineers.name, sample: engineers.sample })
        .from(engineers),
      managers: await db.select({ name: managers.name, sample: managers.sample }).from(managers),
    }
  } finally {
    await database.close()
  }
}

const counts = (d: Awaited<ReturnType<typeof directoryIn>>) =>
  [d.cities, d.engineers, d.managers].map((rows) => rows.length)

describe.runIf(inPglite)('`npm start` on a fresh embedded database', TWO_STARTS, () => {
  // One story, to start as few servers as possible: the first start, then a restart.
  it('seeds Austin, TX, two engineers and two managers, marked sample, once: a restart adds nothing and a deleted sample stays deleted', async () => {
    const dataDir = tempDir()
    const pglite = { kind: 'pglite', dataDir } as const
    const server = await (await start(dataDir)).ready()
    expect(server.stdout).toContain('Seeded sample data')

    const data = await adminData(server)
    expect(data.Cities).toEqual([
      {
        id: expect.any(String),
        name: 'Austin',
        state: 'TX',
        permitFee: 45_000,
        timeZone: 'America/Chicago',
        sample: true,
      },
    ])
    expect(data.Engineers).toHaveLength(2)
    expect(data.Managers).toHaveLength(2)
    for (const person of [...data.Engineers, ...data.Managers]) expect(person.sample).toBe(true)

    const { tempToken, code } = await codeFromOutput(server, 'pat@example.com')
    const details = { name: 'Pat', phone: '+1 512 555 0100', address: '1 Main St' }
    const onboarding = await post(
      server,
      'onboarding',
      { code, ...details, city: 'Austin', state: 'TX' },
      { 'temp-token': tempToken },
    )
    expect(onboarding.status).toBe(200)
    const session = SessionData.parse(((await onboarding.json()) as { Data: unknown }).Data)
    expect(session.Flag).toBe(true)
    expect(session.Engineers).toHaveLength(2)
    await stop(server)
    expect(counts(await directoryIn(pglite))).toEqual([1, 2, 2])

    const database = await openDatabase(pglite)
    await database.db.delete(engineers)
    await database.close()

    const again = await (await start(dataDir)).ready()
    expect(again.stdout).not.toContain('Seeded sample data')
    await stop(again)
    expect(counts(await directoryIn(pglite))).toEqual([1, 0, 2])
  })

  it('seeds nothing with SAMPLE_DATA=false', async () => {
    const dataDir = tempDir()
    await stop(await (await start(dataDir, { SAMPLE_DATA: 'false' })).ready())
    expect(counts(await directoryIn({ kind: 'pglite', dataDir }))).toEqual([0, 0, 0])
  })
})

describe.runIf(inPglite && postgresUrl)(
  '`npm start` on a DATABASE_URL database',
  TWO_STARTS,
  () => {
    it('seeds nothing by default, and the samples with SAMPLE_DATA=true', async () => {
      const url = postgresUrl ?? ''
      const name = `poolpath_samples_${crypto.randomBytes(6).toString('hex')}`
      const admin = new pg.Client({ connectionString: url })
      await admin.connect()
      await admin.query(`create database ${name}`)
      try {
        const postgres = { kind: 'postgres', url: withDatabase(url, name) } as const
        const env = { DATABASE_URL: postgres.url }
        await stop(await (await start(tempDir(), env)).ready())
        expect(counts(await directoryIn(postgres))).toEqual([0, 0, 0])

        await stop(await (await start(tempDir(), { ...env, SAMPLE_DATA: 'true' })).ready())
        const seeded = await directoryIn(postgres)
        expect(counts(seeded)).toEqual([1, 2, 2])
        expect(seeded.cities).toEqual([{ name: 'Austin', state: 'TX', sample: true }])
        for (const row of [...seeded.engineers, ...seeded.managers]) expect(row.sample).toBe(true)
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`)
        await admin.end()
      }
    })
  },
)

describe('a sample the admin edits', () => {
  it('is the admin’s own from then on: no longer marked sample', async () => {
    const t = await build()
    try {
      expect(await seedSamples(t.app.db)).toBe(true)
      expect(await seedSamples(t.app.db)).toBe(false)
      const headers = (await signInAdmin(t)).headers
      const [city] = await t.app.cities.list()
      const [engineer] = await t.app.engineers.list()
      if (!city || !engineer) throw new Error('no samples')
      expect([city.sample, engineer.sample]).toEqual([true, true])

      await call(t, 'editCity', { id: city.id, body: { permitFee: 50_000 } }, headers)
      await call(t, 'editEngineer', { id: engineer.id, body: { fee: 100_000 } }, headers)
      const [edited] = await t.app.cities.list()
      expect(edited).toEqual({
        id: city.id,
        name: 'Austin',
        state: 'TX',
        permitFee: 50_000,
        timeZone: 'America/Chicago',
      })
      expect((await t.app.engineers.list()).map((e) => e.sample ?? false).sort()).toEqual([
        false,
        true,
      ])
    } finally {
      await t.app.close()
    }
  })
})
