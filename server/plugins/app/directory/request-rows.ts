import { asc, eq, sql, type SQL } from 'drizzle-orm'
import type { BuilderRequest, ManagerRequest } from '../../../../contract'
import { rowsOf, type Db, type Tx } from '../../../db/driver/client'
import { jsonArray } from '../../../db/json-array'
import { builderRequests, managerRequests, users } from '../../../db/schema'
import { wireTime } from '../../../db/wire-time'

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

/** Both request lists as JSON arrays (as text) for the admin fetch. */
export type RequestListsJson = { BuilderRequests: string; ManagerRequests: string }

/**
 * Both request lists, oldest first, as JSON arrays PostgreSQL writes in one statement: each
 * row's fields in the contract's order, as the row versions above write them.
 */
export async function requestListsJson(query: Db | Tx): Promise<RequestListsJson> {
  const builder = sql`select r.id, r.client_id as "clientId", u.name as "clientName", r.status,
      ${wireTime(sql`r.created_at`)} as "createdAt"
    from ${builderRequests} r join ${users} u on u.id = r.client_id order by r.created_at`
  const manager = sql`select r.id, r.client_id as "clientId", u.name as "clientName",
      r.manager_id as "managerId", r.manager_name as "managerName", r.message, r.status,
      ${wireTime(sql`r.created_at`)} as "createdAt"
    from ${managerRequests} r join ${users} u on u.id = r.client_id order by r.created_at`
  const [lists] = await rowsOf<RequestListsJson>(
    query,
    sql`select
      (select ${jsonArray(sql`to_json(b)::text`)} from (${builder}) b) as "BuilderRequests",
      (select ${jsonArray(sql`to_json(m)::text`)} from (${manager}) m) as "ManagerRequests"`,
  )
  if (!lists) throw new Error('the request lists query returned no row')
  return lists
}
