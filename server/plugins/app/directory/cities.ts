import { asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { z } from 'zod/mini'
import {
  cityKey,
  zoneOfState,
  type City,
  type CityEditBody,
  type CityInput,
} from '../../../../contract'
import type { Tx } from '../../../db/driver/client'
import { cities, clients, users } from '../../../db/schema'
import { adminWrite, found, type ItemWrites } from '../../../lib/audit'
import { sampleFlag } from '../../../lib/sample-flag'
import { cityOpenedEmail } from '../../../lib/city-opened-email'

/**
 * Served cities. A client's Flag is derived from them, so it follows every change at once; every
 * write is audited as `actorId`'s.
 */
export type Cities = ItemWrites<z.output<typeof CityInput>, z.output<typeof CityEditBody>, City> & {
  isServed(city: string, state: string): Promise<boolean>
}

declare module 'fastify' {
  interface FastifyInstance {
    cities: Cities
  }
}

const cityOf = (row: typeof cities.$inferSelect): City => ({
  id: row.id,
  name: row.name,
  state: row.state,
  permitFee: row.permitFee,
  timeZone: row.timeZone,
  ...sampleFlag(row),
})

const ALREADY_SERVED = 'We already serve a city with this name and state.'

/** A client whose Flag a city write changes. */
type CityClient = { id: string; email: string; name: string; onWaiting: boolean }

/** The clients of one city key (the same key Flag joins on), read inside the write. */
const clientsIn = (tx: Tx, key: string): Promise<CityClient[]> =>
  tx
    .select({ id: users.id, email: users.email, name: users.name, onWaiting: clients.onWaiting })
    .from(clients)
    .innerJoin(users, eq(users.id, clients.userId))
    .where(eq(clients.cityKey, key))

/**
 * The clients of a city that opens, read before they leave the waiting list: joining it asked
 * to hear when we open, and the city-open email (sent from what was read) answers that. Cleared
 * in the city's own transaction, so no reader sees the city served and its clients still waiting.
 */
async function openTo(tx: Tx, key: string): Promise<CityClient[]> {
  const opened = await clientsIn(tx, key)
  if (opened.some((c) => c.onWaiting))
    await tx.update(clients).set({ onWaiting: false }).where(eq(clients.cityKey, key))
  return opened
}

/**
 * The clients of a city that stops being served (deleted, or moved to another name): they wanted
 * to build there, so they go back on the waiting list, and hear again the day it opens. One state
 * for the back office and the client's own page alike, never "neither served nor waiting".
 */
async function closeTo(tx: Tx, key: string): Promise<CityClient[]> {
  const closed = await clientsIn(tx, key)
  if (closed.some((c) => !c.onWaiting))
    await tx.update(clients).set({ onWaiting: true }).where(eq(clients.cityKey, key))
  return closed
}

/** The clients whose Flag a city write turned on (opened) or off (closed), or zone moved. */
type CityChange = {
  city: City
  opened: CityClient[]
  closed: CityClient[]
  rezoned?: CityClient[]
}

export default fp(
  async function citiesRepository(app: FastifyInstance) {
    const { db } = app

    /**
     * After a city write has committed (never for one rolled back): the cached identities of its
     * clients carry a stale Flag (or time zone), and the waiting ones of a city that opened hear
     * the news.
     */
    const afterCityWrite = ({ city, opened, closed, rezoned = [] }: CityChange): City => {
      for (const client of [...opened, ...closed, ...rezoned]) app.users.forget(client.id)
      for (const client of opened.filter((c) => c.onWaiting))
        app.mailer.send({
          to: client.email,
          ...cityOpenedEmail(client.name, city, app.settings.PUBLIC_URL),
        })
      return city
    }

    app.decorate('cities', {
      isServed: async (city, state) => {
        const [served] = await db
          .select({ id: cities.id })
          .from(cities)
          .where(eq(cities.key, cityKey(city, state)))
        return served !== undefined
      },

      list: async (query = db) =>
        (await query.select().from(cities).orderBy(asc(cities.state), asc(cities.name))).map(
          cityOf,
        ),

      create: async (actorId, { name, state, permitFee, timeZone = zoneOfState(state) }) => {
        const change = await adminWrite(
          db,
          actorId,
          async (tx) => {
            const key = cityKey(name, state)
            const [row] = await tx
              .insert(cities)
              .values({ name, state, permitFee, key, timeZone })
              .returning()
            const after = cityOf(found(row, 'city'))
            const data = { city: after, opened: await openTo(tx, key), closed: [] }
            return { action: 'create', entity: 'city', entityId: after.id, after, data }
          },
          `We already serve ${name}, ${state}.`,
        )
        return afterCityWrite(change)
      },

      edit: async (actorId, id, edit) => {
        const change = await adminWrite(
          db,
          actorId,
          async (tx) => {
            const [row] = await tx.select().from(cities).where(eq(cities.id, id)).for('update')
            const old = found(row, 'city')
            const state = edit.state ?? old.state
            const key = cityKey(edit.name ?? old.name, state)
            // A city moved to another state takes that state's zone unless one is given.
            const timeZone =
              edit.timeZone ?? (state === old.state ? old.timeZone : zoneOfState(state))
            const [updated] = await tx
              .update(cities)
              // An edited sample is the admin's own data from then on.
              .set({ ...edit, key, timeZone, sample: false })
              .where(eq(cities.id, id))
              .returning()
            const after = cityOf(found(updated, 'city'))
            // A new key opens the builder to that city's clients and closes it to the old one's.
            const rekeyed = key !== old.key
            const data = {
              city: after,
              opened: rekeyed ? await openTo(tx, key) : [],
              closed: rekeyed ? await closeTo(tx, old.key) : [],
              // Their cached identities carry the zone their day is counted in.
              rezoned: !rekeyed && timeZone !== old.timeZone ? await clientsIn(tx, key) : [],
            }
            const before = cityOf(old)
            return { action: 'edit', entity: 'city', entityId: id, before, after, data }
          },
          ALREADY_SERVED,
        )
        return afterCityWrite(change)
      },

      remove: async (actorId, id) => {
        const change = await adminWrite(db, actorId, async (tx) => {
          const [row] = await tx.delete(cities).where(eq(cities.id, id)).returning()
          const gone = found(row, 'city')
          const before = cityOf(gone)
          const data = { city: before, opened: [], closed: await closeTo(tx, gone.key) }
          return { action: 'delete', entity: 'city', entityId: id, before, data }
        })
        afterCityWrite(change)
      },
    } satisfies Cities)
  },
  { name: 'cities', dependencies: ['db', 'core', 'users', 'mailer'] },
)
