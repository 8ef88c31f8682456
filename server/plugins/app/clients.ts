import { and, asc, eq, sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { z } from 'zod/mini'
import { type AdminClient, type ClientEditBody } from '../../../contract'
import type { Db, Tx } from '../../db/client'
import {
  changeOrders,
  cities,
  clients,
  contracts,
  files,
  payments,
  poolEntries,
  users,
} from '../../db/schema'
import { servedPlace } from '../../db/served-place'
import { accountWrite, found, type ItemWrites } from '../../lib/audit'
import { flagOf } from './users'

type ClientEdit = z.output<typeof ClientEditBody>

/** Clients' accounts: the back office's list and corrections, and the client's own waiting-list
 * status. Admin writes are audited as `actorId`'s. */
export type Clients = Omit<ItemWrites<never, ClientEdit, AdminClient>, 'create'> & {
  setOnWaiting(clientId: string, onWaiting: boolean): Promise<void>
  /** The client's own correction of where the pool will be; served, they leave the waiting list. */
  move(clientId: string, place: { city: string; state: string }): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    clients: Clients
  }
}

/** Each client's sum of `table`'s amounts (the rows `where` keeps), grouped in one pass. */
const totalsByClient = (
  db: Db | Tx,
  name: string,
  table: typeof contracts | typeof changeOrders | typeof payments,
  where?: SQL,
) =>
  db.$with(name).as(
    db
      .select({
        clientId: table.clientId,
        // Named after the CTE: an aliased column is referred to unqualified.
        total: sql<number>`sum(${table.amount})::bigint`.as(`${name}_total`),
      })
      .from(table)
      .where(where)
      .groupBy(table.clientId),
  )

/**
 * Clients as the back office sees them (profile, Flag, steps done, committed, paid and the
 * bytes their files take): one query for any number.
 */
async function adminClients(db: Db | Tx, where?: SQL): Promise<AdminClient[]> {
  // Counted once per client in one grouped pass, not by a subquery per row.
  const done = db.$with('done').as(
    db
      .select({ clientId: poolEntries.clientId, count: sql<number>`count(*)::int`.as('count') })
      .from(poolEntries)
      .where(eq(poolEntries.done, true))
      .groupBy(poolEntries.clientId),
  )
  const quoted = totalsByClient(db, 'quoted', contracts)
  const changed = totalsByClient(db, 'changed', changeOrders, eq(changeOrders.status, 'approved'))
  const paid = totalsByClient(db, 'paid', payments)
  const stored = db.$with('stored').as(
    db
      .select({
        clientId: files.clientId,
        bytes: sql<number>`sum(${files.storedBytes})::bigint`.as('stored_bytes'),
      })
      .from(files)
      .groupBy(files.clientId),
  )
  const rows = await db
    .with(done, quoted, changed, paid, stored)
    .select({
      user: users,
      client: clients,
      flag: flagOf,
      stepsDone: sql<number>`coalesce(${done.count}, 0)`,
      committed: sql<number>`coalesce(${quoted.total}, 0) + coalesce(${changed.total}, 0)`,
      paid: sql<number>`coalesce(${paid.total}, 0)`,
      storageUsed: sql<number>`coalesce(${stored.bytes}, 0)`,
    })
    .from(clients)
    .innerJoin(users, eq(users.id, clients.userId))
    .leftJoin(done, eq(done.clientId, clients.userId))
    .leftJoin(quoted, eq(quoted.clientId, clients.userId))
    .leftJoin(changed, eq(changed.clientId, clients.userId))
    .leftJoin(paid, eq(paid.clientId, clients.userId))
    .leftJoin(stored, eq(stored.clientId, clients.userId))
    .where(where)
    .orderBy(asc(users.createdAt))
  return rows.map(({ user, client, flag, stepsDone, committed, paid, storageUsed }) => ({
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    createdAt: user.createdAt.toISOString(),
    phone: client.phone,
    address: client.address,
    city: client.city,
    state: client.state,
    onWaiting: client.onWaiting,
    perk: client.perk,
    Flag: flag === true,
    stepsDone: Number(stepsDone),
    committed: Number(committed),
    paid: Number(paid),
    storageUsed: Number(storageUsed),
  }))
}

/** The client, locked until the write commits, so before and after describe one change. */
async function lockedClient(tx: Tx, id: string): Promise<AdminClient> {
  await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'CLIENT')))
    .for('update')
  const [client] = await adminClients(tx, eq(users.id, id))
  return found(client, 'client')
}

async function applyEdit(tx: Tx, before: AdminClient, edit: ClientEdit): Promise<void> {
  const { name, email, city, state, perk, ...profile } = edit
  if (name !== undefined || email !== undefined)
    await tx.update(users).set({ name, email }).where(eq(users.id, before.id))
  const moved = city !== undefined || state !== undefined
  // Flag joins on city_key, so it follows a move with nothing else to update.
  const place = moved ? await servedPlace(tx, city ?? before.city, state ?? before.state) : {}
  // An emptied perk is no perk: the marketing list shows clients whose perk is set.
  const perkValue = perk === '' ? null : perk
  const values = { ...profile, ...place, perk: perkValue }
  if (Object.values(values).some((v) => v !== undefined))
    await tx.update(clients).set(values).where(eq(clients.userId, before.id))
}

export default fp(
  async function clientsRepository(app: FastifyInstance) {
    const { db } = app
    app.decorate('clients', {
      list: () => adminClients(db),

      // The cached identity carries Flag, which a move may have changed.
      edit: (actorId, id, edit) =>
        accountWrite(app, actorId, id, async (tx) => {
          const before = await lockedClient(tx, id)
          await applyEdit(tx, before, edit)
          const [after] = await adminClients(tx, eq(users.id, id))
          if (!after) throw new Error('edited client vanished in its own transaction')
          return { action: 'edit', entity: 'client', entityId: id, before, after, data: after }
        }),

      // Their access token stops working now, not when the identity cache expires.
      remove: async (actorId, id) => {
        let fileIds: string[] = []
        await accountWrite(app, actorId, id, async (tx) => {
          const before = await lockedClient(tx, id)
          fileIds = (
            await tx.select({ id: files.id }).from(files).where(eq(files.clientId, id))
          ).map((f) => f.id)
          // Their pool, requests, files and refresh tokens go with them (ON DELETE CASCADE).
          await tx.delete(users).where(eq(users.id, id))
          return { action: 'delete', entity: 'client', entityId: id, before, data: null }
        })
        // Once the rows are gone for good: bytes a failure leaves are the next sweep's.
        await app.fileStore
          .remove(fileIds)
          .catch((err: unknown) => app.log.error({ err, clientId: id }, 'file bytes not removed'))
      },

      setOnWaiting: async (clientId, onWaiting) => {
        await db.update(clients).set({ onWaiting }).where(eq(clients.userId, clientId))
      },

      move: async (clientId, { city, state }) => {
        await db.transaction(async (tx) => {
          const place = await servedPlace(tx, city, state)
          const served = sql`exists (select 1 from ${cities} where ${cities.key} = ${place.cityKey})`
          await tx
            .update(clients)
            .set({ ...place, onWaiting: sql`${clients.onWaiting} and not ${served}` })
            .where(eq(clients.userId, clientId))
        })
        // The cached identity carries Flag, which the move may have changed.
        app.users.forget(clientId)
      },
    } satisfies Clients)
  },
  { name: 'clients', dependencies: ['db', 'users', 'file-store'] },
)
