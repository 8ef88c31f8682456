import { asc, eq, type SQL } from 'drizzle-orm'
import type { BuilderRequest, ManagerRequest } from '../../contract'
import type { Db, Tx } from './client'
import { builderRequests, managerRequests, users } from './schema'

/** Builder requests with their client's name, oldest first: one query for any number. */
export async function builderRequestRows(db: Db | Tx, where?: SQL): Promise<BuilderRequest[]> {
  const rows = await db
    .select({ request: builderRequests, clientName: users.name })
    .from(builderRequests)
    .innerJoin(users, eq(users.id, builderRequests.clientId))
    .where(where)
    .orderBy(asc(builderRequests.createdAt))
  return rows.map(({ request, clientName }) => ({
    id: request.id,
    clientId: request.clientId,
    clientName,
    status: request.status,
    createdAt: request.createdAt.toISOString(),
  }))
}

/** Manager requests with their client's name; managerName outlives a deleted manager. */
export async function managerRequestRows(db: Db | Tx, where?: SQL): Promise<ManagerRequest[]> {
  const rows = await db
    .select({ request: managerRequests, clientName: users.name })
    .from(managerRequests)
    .innerJoin(users, eq(users.id, managerRequests.clientId))
    .where(where)
    .orderBy(asc(managerRequests.createdAt))
  return rows.map(({ request, clientName }) => toManagerRequest(request, clientName))
}

/** A manager request as the contract shows it. */
export const toManagerRequest = (
  row: typeof managerRequests.$inferSelect,
  clientName: string,
): ManagerRequest => ({
  id: row.id,
  clientId: row.clientId,
  clientName,
  managerId: row.managerId,
  managerName: row.managerName,
  message: row.message,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
})
