import fs from 'node:fs'
import { eq, sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cityKey, tidyCityName } from '../../contract'
import { cities, clients } from '../../server/db/schema'
import { build, type TestApp } from '../support/build'
import { bearer, signIn, signInAdmin } from '../support/http'
import { callRaw } from '../support/call'

let t: TestApp
let admin: Record<string, string>
beforeEach(async () => {
  t = await build()
  admin = (await signInAdmin(t)).headers
})
afterEach(() => t.app.close())

/** Names as people type them, and a few that are tidy already and must stay so. */
const TYPED = [
  'austin',
  ' san  ANTONIO ',
  'winston-salem',
  'McAllen',
  'deKalb',
  'st. louis',
  'Fort Worth',
]

describe('city names', () => {
  it('are stored and answered tidy, however they were typed', async () => {
    const res = await callRaw(
      t,
      'createCity',
      { body: { name: '  tampa ', state: 'fl', permitFee: 1 } },
      admin,
    )
    expect(res.json().Data).toMatchObject({ name: 'Tampa', state: 'FL' })
    const { session } = await signIn(t, 'c@example.com', {
      asNewClient: true,
      details: { city: 'el  PASO', state: 'tx' },
    })
    expect(session.userData).toMatchObject({ city: 'El Paso', state: 'TX' })
    const moved = await callRaw(
      t,
      'changeCity',
      { body: { city: 'san marcos', state: 'TX' } },
      bearer(session.Token),
    )
    expect(moved.json().Data.userData.city).toBe('San Marcos')
  })

  it('stored before were tidied by the migration, by the same rule, and Flag did not move', async () => {
    await t.app.db.insert(cities).values(
      TYPED.map((name) => ({
        name,
        state: 'TX',
        permitFee: 1,
        key: cityKey(name, 'TX'),
        timeZone: 'America/Chicago',
      })),
    )
    const { session } = await signIn(t, 'c@example.com', { asNewClient: true })
    await t.app.db
      .update(clients)
      .set({ city: ' fort  WORTH', cityKey: cityKey('fort worth', 'TX') })
      .where(eq(clients.userId, session.userData.id))
    const migration = fs.readFileSync(
      new URL('../../server/db/migrations/0012_tidy_place_names.sql', import.meta.url),
      'utf8',
    )
    for (const statement of migration.split('--> statement-breakpoint'))
      await t.app.db.execute(sql.raw(statement))

    const names = (await t.app.db.select({ name: cities.name }).from(cities)).map((c) => c.name)
    expect(names.sort()).toEqual(TYPED.map(tidyCityName).sort())
    expect(TYPED.map(tidyCityName)).toEqual([
      'Austin',
      'San Antonio',
      'Winston-Salem',
      'McAllen',
      'DeKalb',
      'St. Louis',
      'Fort Worth',
    ])
    const again = (await signIn(t, 'c@example.com')).session
    expect(again.userData).toMatchObject({ city: 'Fort Worth' })
    expect(again.Flag).toBe(true)
  })
})
