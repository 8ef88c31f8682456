import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { z } from 'zod/mini'
import { type AdminClient, type ClientEditBody } from '../../../../contract'
import { rowsOf, type Db, type Tx } from '../../../db/driver/client'
import {
  changeOrders,
  cities,
  clients,
  contracts,
  files,
  payments,
  poolEntries,
  users,
} from '../../../db/schema'
import { jsonArray } from '../../../db/json-array'
import { servedPlace } from './served-place'
import { refuseManagerEmail } from './email-owners'
import { wireTime } from '../../../db/wire-time'
import { accountWrite, found, type ItemWrites } from '../../../lib/audit'

type ClientEdit = z.output<typeof ClientEditBody>

/** Clients' accounts: the back office's list and corrections, and the client's own waiting-list
 * status. Admin writes are audited as `actorId`'s. */
export type Clients = Omit<ItemWrites<never, ClientEdit, AdminClient>, 'create' | 'list'> & {
  /** Read with `query` (the admin fetch's snapshot). */
  listsJson(query?: Db | Tx): Promise<ClientListsJson>
  /** One client as the back office lists them; undefined for no such client. */
  read(id: string): Promise<AdminClient | undefined>
  setOnWaiting(clientId: string, onWaiting: boolean): Promise<void>
  /** The client's own correction of where the pool will be; served, they leave the waiting list. */
  move(clientId: string, place: { city: string; state: string }): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    clients: Clients
  }
}

/** Each client's sum of `amount` (over the rows `where` keeps), grouped in one pass. */
const totalsByClient = (
  clientId: AnyPgColumn,
  amount: AnyPgColumn,
  where: SQL = sql`true`,
) => sql`(select ${clientId} as client_id, sum(${amount})::bigint as total
  from ${clientId.table} where ${where} group by ${clientId})`

/**
 * Clients as the back office sees them (profile, Flag, steps done, committed, paid and the
 * bytes their files take), each row's `json` an AdminClient in its field order, written by
 * PostgreSQL: one query for any number, and no object per row in JavaScript. Each sum is one
 * grouped pass joined in; another field is one more column of `w`.
 */
const clientRows = (where: SQL = sql`true`) => sql`select to_json(w)::text as json,
    c.on_waiting, c.perk
  from ${clients} c
  join ${users} u on u.id = c.user_id
  left join ${cities} served on served.key = c.city_key
  left join (select ${poolEntries.clientId} as client_id, count(*)::int as count from ${poolEntries}
    where ${poolEntries.done} group by ${poolEntries.clientId}) done on done.client_id = c.user_id
  left join ${totalsByClient(contracts.clientId, contracts.amount)} quoted
    on quoted.client_id = c.user_id
  left join ${totalsByClient(changeOrders.clientId, changeOrders.amount, eq(changeOrders.status, 'approved'))} changed
    on changed.client_id = c.user_id
  left join ${totalsByClient(payments.clientId, payments.amount)} paid
    on paid.client_id = c.user_id
  left join ${totalsByClient(files.clientId, files.storedBytes)} stored
    on stored.client_id = c.user_id
  cross join lateral (select u.id, u.email, u.name, u.role, ${wireTime(sql`u.created_at`)} as "createdAt",
    c.phone, c.address, c.city, c.state, c.on_waiting as "onWaiting", c.perk,
    served.id is not null as "Flag",
    coalesce(done.count, 0) as "stepsDone",
    coalesce(quoted.total, 0) + coalesce(changed.total, 0) as committed,
    coalesce(paid.total, 0) as paid,
    coalesce(stored.total, 0) as "storageUsed") w
  where ${where}`

/** The three client lists of the admin fetch, each a JSON array (oldest client first). */
export type ClientListsJson = { Clients: string; UsersWithPerks: string; UsersOnWaiting: string }

/**
 * The back office's client lists, as JSON arrays PostgreSQL writes from one sorted pass. The
 * rows are sorted once, in the subquery, and aggregated in that order (nothing above it could
 * reorder them: no join, no grouping), rather than sorted again by each of the three aggregates.
 */
async function clientListsJson(query: Db | Tx): Promise<ClientListsJson> {
  const array = (keep: SQL) => jsonArray(sql`json`, keep)
  const [lists] = await rowsOf<ClientListsJson>(
    query,
    sql`select
      ${array(sql`true`)} as "Clients",
      ${array(sql`perk <> ''`)} as "UsersWithPerks",
      ${array(sql`on_waiting`)} as "UsersOnWaiting"
    from (${clientRows()} order by u.created_at, u.id) r`,
  )
  if (!lists) throw new Error('the client lists query returned no row')
  return lists
}

/** One client as the back office sees them (the same SQL as the lists). */
async function adminClient(query: Db | Tx, id: string): Promise<AdminClient | undefined> {
  const [row] = await rowsOf<{ json: string }>(query, clientRows(eq(sql`u.id`, id)))
  // Our own SQL's output, typed by the contract; the tests check it against the schema.
  return row && (JSON.parse(row.json) as AdminClient)
}

/** The client, locked until the write commits, so before and after describe one change. */
async function lockedClient(tx: Tx, id: string): Promise<AdminClient> {
  await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'CLIENT')))
    .for('update')
  return found(await adminClient(tx, id), 'client')
}

async function applyEdit(tx: Tx, before: AdminClient, edit: ClientEdit): Promise<void> {
  const { name, email, city, state, perk, ...profile } = edit
  await refuseManagerEmail(tx, email)
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
      listsJson: (query = db) => clientListsJson(query),
      read: (id) => adminClient(db, id),

      // The cached identity carries Flag, which a move may have changed.
      edit: (actorId, id, edit) =>
        accountWrite(app, actorId, id, async (tx) => {
          const before = await lockedClient(tx, id)
          await applyEdit(tx, before, edit)
          const after = await adminClient(tx, id)
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
