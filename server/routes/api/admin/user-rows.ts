import { asc, eq, sql, type SQL } from 'drizzle-orm'
import type { AdminClient, AdminUser } from '../../../../contract'
import type { Db, Tx } from '../../../db/client'
import { clients, poolEntries, users } from '../../../db/schema'
import { flagOf } from '../../../plugins/app/users'

/** An admin as the back office shows it. */
export const adminUserOf = (row: typeof users.$inferSelect): AdminUser => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  createdAt: row.createdAt.toISOString(),
})

/** Clients as the back office sees them (profile, Flag, steps done): one query for any number. */
export async function adminClients(db: Db | Tx, where?: SQL): Promise<AdminClient[]> {
  // Counted once per client in one grouped pass, not by a subquery per row.
  const done = db.$with('done').as(
    db
      .select({ clientId: poolEntries.clientId, count: sql<number>`count(*)::int`.as('count') })
      .from(poolEntries)
      .where(eq(poolEntries.done, true))
      .groupBy(poolEntries.clientId),
  )
  const rows = await db
    .with(done)
    .select({
      user: users,
      client: clients,
      flag: flagOf,
      stepsDone: sql<number>`coalesce(${done.count}, 0)`,
    })
    .from(clients)
    .innerJoin(users, eq(users.id, clients.userId))
    .leftJoin(done, eq(done.clientId, clients.userId))
    .where(where)
    .orderBy(asc(users.createdAt))
  return rows.map(({ user, client, flag, stepsDone }) => ({
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
  }))
}
