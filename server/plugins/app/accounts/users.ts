import { asc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Engineer, Manager, Role } from '../../../../contract'
import { preparedStatement, type Tx } from '../../../db/driver/client'
import {
  flagOf,
  sessionReadOf,
  sessionSelect,
  type SessionRead,
  type SessionRow,
} from './session-read'
import { cityZoneOf, zoneOf } from './client-zone'
import { clients, engineers, managers, users } from '../../../db/schema'
import type { DataTag } from '../../core/data-version'
import { servedPlace } from './served-place'
import { engineerOf, managerOf } from '../directory/engineers-and-managers'

/**
 * Who a token belongs to now: checked on every authenticated call. `timeZone` is the zone of a
 * client's day (its city's, or its state's); another role's is null.
 */
export type Identity = { id: string; role: Role; flag: boolean; timeZone: string | null }

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
  /** A user's name ('' for no such user). */
  nameOf(id: string): Promise<string>
  /** The name of the manager of the back office's list with this email, if there is one. */
  managerNamed(email: string): Promise<string | undefined>
  /** A manager's user, made at its first sign-in with its name from the managers' list. */
  createManager(tx: Tx, email: string, name: string): Promise<string>
  /**
   * What a session starts or refreshes with, in one statement: the profile, a client's pool
   * data, and the data version they were read at (null: no such user).
   */
  session(id: string): Promise<SessionRead | null>
  /** The engineers and managers, read again only when the data version has moved. */
  directory(tag: DataTag): Promise<Directory>
}

type Directory = { Engineers: Engineer[]; Managers: Manager[] }

declare module 'fastify' {
  interface FastifyInstance {
    users: Users
  }
}

// A few seconds of staleness is the price of not querying on every call, and its bound while
// the database's notifications are not heard: a write that changes an identity calls forget()
// here, and every server drops it when the notification arrives (migration 0017).
const IDENTITY_TTL_MS = 3000
const IDENTITY_CACHE_MAX = 10_000

/** A sign-in's one statement (a refresh joins the same read to its rotation). */
const sessionStatement = preparedStatement<SessionRow, { id: string }>(
  sessionSelect(sql.placeholder('id')),
)

export default fp(
  async function usersRepository(app: FastifyInstance) {
    const { db } = app
    const cache = new Map<string, { identity: Identity | null; until: number }>()
    app.identityChanges.subscribe((userId) =>
      userId === null ? cache.clear() : void cache.delete(userId),
    )

    const identity: Users['identity'] = async (id) => {
      const now = app.clock().getTime()
      const hit = cache.get(id)
      if (hit && hit.until > now) return hit.identity
      const [row] = await db
        .select({
          id: users.id,
          role: users.role,
          flag: flagOf,
          cityZone: cityZoneOf,
          state: clients.state,
        })
        .from(users)
        .leftJoin(clients, eq(clients.userId, users.id))
        .where(eq(users.id, id))
      const client = row?.role === 'CLIENT'
      const found = row
        ? {
            id: row.id,
            role: row.role,
            flag: client && row.flag === true,
            timeZone: client ? zoneOf(row.cityZone, row.state) : null,
          }
        : null
      if (cache.size >= IDENTITY_CACHE_MAX) cache.clear()
      cache.set(id, { identity: found, until: now + IDENTITY_TTL_MS })
      return found
    }

    const session: Users['session'] = async (id) =>
      sessionReadOf((await sessionStatement.rows(db, { id }))[0])

    // Built at a version or after it: a read that sees the same version cannot be newer.
    let kept: { tag: DataTag; directory: Directory } | null = null
    const directory: Users['directory'] = async (tag) => {
      if (kept?.tag.epoch === tag.epoch && kept.tag.version === tag.version) return kept.directory
      const [engineerRows, managerRows] = await Promise.all([
        db.select().from(engineers).orderBy(asc(engineers.name)),
        db.select().from(managers).orderBy(asc(managers.name)),
      ])
      const read = { Engineers: engineerRows.map(engineerOf), Managers: managerRows.map(managerOf) }
      kept = { tag, directory: read }
      return read
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

    const nameOf: Users['nameOf'] = async (id) => {
      const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, id))
      return row?.name ?? ''
    }

    const managerNamed: Users['managerNamed'] = async (email) => {
      const [row] = await db
        .select({ name: managers.name })
        .from(managers)
        .where(eq(managers.email, email))
        .orderBy(asc(managers.createdAt))
        .limit(1)
      return row?.name
    }

    const createManager: Users['createManager'] = async (tx, email, name) => {
      const [user] = await tx
        .insert(users)
        .values({ email, name, role: 'MANAGER' })
        .returning({ id: users.id })
      if (!user) throw new Error('user insert returned nothing')
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
      nameOf,
      managerNamed,
      createManager,
      session,
      directory,
    })
  },
  { name: 'users', dependencies: ['db', 'core', 'data-version'] },
)
