import { asc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import {
  type Engineer,
  type Manager,
  type PoolData,
  type Role,
  type UserData,
} from '../../../contract'
import type { Tx } from '../../db/client'
import { cities, clients, engineers, managers, users } from '../../db/schema'
import { poolDataOf } from '../../db/pool-data'
import { servedPlace } from '../../db/served-place'
import { engineerOf, managerOf } from './directory'

/** Who a token belongs to now: checked on every authenticated call. */
export type Identity = { id: string; role: Role; flag: boolean }

export type NewClient = {
  email: string
  name: string
  phone: string
  address: string
  city: string
  state: string
}

export type Users = {
  findIdByEmail(email: string): Promise<{ id: string } | undefined>
  identity(id: string): Promise<Identity | null>
  /** Drops the cached identity, e.g. after the user is deleted or changes role. */
  forget(id: string): void
  createClient(tx: Tx, client: NewClient): Promise<string>
  profile(id: string): Promise<{ userData: UserData; role: Role; Flag: boolean } | null>
  poolData(clientId: string): Promise<PoolData>
  directory(): Promise<{ Engineers: Engineer[]; Managers: Manager[] }>
}

declare module 'fastify' {
  interface FastifyInstance {
    users: Users
  }
}

// A few seconds of staleness is the price of not querying on every call; deletes call forget().
const IDENTITY_TTL_MS = 3000
const IDENTITY_CACHE_MAX = 10_000

export const flagOf = sql<boolean>`exists (select 1 from ${cities} where ${cities.key} = ${clients.cityKey})`

export default fp(
  async function usersRepository(app: FastifyInstance) {
    const { db } = app
    const cache = new Map<string, { identity: Identity | null; until: number }>()

    const identity: Users['identity'] = async (id) => {
      const now = app.clock().getTime()
      const hit = cache.get(id)
      if (hit && hit.until > now) return hit.identity
      const [row] = await db
        .select({ id: users.id, role: users.role, flag: flagOf })
        .from(users)
        .leftJoin(clients, eq(clients.userId, users.id))
        .where(eq(users.id, id))
      const found = row
        ? { id: row.id, role: row.role, flag: row.role === 'CLIENT' && row.flag === true }
        : null
      if (cache.size >= IDENTITY_CACHE_MAX) cache.clear()
      cache.set(id, { identity: found, until: now + IDENTITY_TTL_MS })
      return found
    }

    const profile: Users['profile'] = async (id) => {
      const [row] = await db
        .select({ user: users, client: clients, flag: flagOf })
        .from(users)
        .leftJoin(clients, eq(clients.userId, users.id))
        .where(eq(users.id, id))
      if (!row) return null
      const { user, client } = row
      const base = {
        id: user.id,
        email: user.email,
        name: user.name,
        role: user.role,
        createdAt: user.createdAt.toISOString(),
      }
      if (user.role !== 'CLIENT' || !client) return { userData: base, role: user.role, Flag: false }
      const { phone, address, city, state, onWaiting, perk } = client
      return {
        userData: { ...base, phone, address, city, state, onWaiting, perk },
        role: user.role,
        Flag: row.flag === true,
      }
    }

    const createClient: Users['createClient'] = async (tx, client) => {
      const [user] = await tx
        .insert(users)
        .values({ email: client.email, name: client.name, role: 'CLIENT' })
        .returning({ id: users.id })
      if (!user) throw new Error('user insert returned nothing')
      await tx.insert(clients).values({
        userId: user.id,
        phone: client.phone,
        address: client.address,
        ...(await servedPlace(tx, client.city, client.state)),
      })
      return user.id
    }

    app.decorate('users', {
      findIdByEmail: async (email: string) => {
        const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
        return row
      },
      identity,
      forget: (id: string) => void cache.delete(id),
      createClient,
      profile,
      poolData: (clientId: string) => poolDataOf(db, clientId),
      directory: async () => ({
        Engineers: (await db.select().from(engineers).orderBy(asc(engineers.name))).map(engineerOf),
        Managers: (await db.select().from(managers).orderBy(asc(managers.name))).map(managerOf),
      }),
    })
  },
  { name: 'users', dependencies: ['db'] },
)
