import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type {
  BuilderRequest,
  ManagerRequest,
  ManagerRequestStatus,
  RequestStatus,
} from '../../../../contract'
import type { Db, Tx } from '../../../db/driver/client'
import {
  builderRequestRows,
  managerRequestRows,
  requestListsJson,
  toManagerRequest,
  type RequestListsJson,
} from './request-rows'
import { builderRequests, managerRequests, managers, users } from '../../../db/schema'
import { adminWrite, found } from '../../../lib/audit'
import { notFound, unauthenticated } from '../../../lib/problem'

/**
 * Clients' requests for the builder and for a project manager: made by the client, followed up
 * by the back office (those writes audited as `actorId`'s).
 */
export type Requests = {
  /** Idempotent: a client has at most one open builder request. */
  requestBuilder(clientId: string): Promise<void>
  /** The client's open request to this manager: a new one (created) or the one already open. */
  requestManager(
    clientId: string,
    managerId: string,
    message: string | undefined,
  ): Promise<{ request: ManagerRequest; created: boolean }>
  /** Both lists as JSON, read with `query` (the admin fetch's snapshot). */
  listsJson(query?: Db | Tx): Promise<RequestListsJson>
  moveBuilderRequest(actorId: string, id: string, status: RequestStatus): Promise<BuilderRequest>
  moveManagerRequest(
    actorId: string,
    id: string,
    status: ManagerRequestStatus,
  ): Promise<ManagerRequest>
}

declare module 'fastify' {
  interface FastifyInstance {
    requests: Requests
  }
}

const isOpen = (status: typeof builderRequests.status | typeof managerRequests.status) =>
  sql`${status} = 'open'`

type RequestRow = typeof managerRequests.$inferSelect

/**
 * The client's open request to this manager: a new one, or the one already open (the partial
 * unique index allows one). Loops only if that open request is closed between the statements.
 */
async function openManagerRequest(
  tx: Tx,
  values: typeof managerRequests.$inferInsert & { managerId: string },
): Promise<{ row: RequestRow; created: boolean }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const [created] = await tx
      .insert(managerRequests)
      .values(values)
      .onConflictDoNothing({
        target: [managerRequests.clientId, managerRequests.managerId],
        where: isOpen(managerRequests.status),
      })
      .returning()
    if (created) return { row: created, created: true }
    const [open] = await tx
      .select()
      .from(managerRequests)
      .where(
        and(
          eq(managerRequests.clientId, values.clientId),
          eq(managerRequests.managerId, values.managerId),
          isOpen(managerRequests.status),
        ),
      )
    if (open) return { row: open, created: false }
  }
  throw new Error('could not settle the open manager request')
}

// Partial unique indexes allow one open request per client (per manager for manager requests):
// reopening one while another is open is refused there.
const ALREADY_OPEN = 'This client already has another open request of this kind. Close it first.'

type RequestTable = typeof builderRequests | typeof managerRequests

/** A request's new status, with the request as it was and is now in its audit row. */
function moveRequest<R extends { status: ManagerRequestStatus }>(
  app: FastifyInstance,
  table: RequestTable,
  entity: 'builder_request' | 'manager_request',
  rows: (tx: Tx, where: ReturnType<typeof eq>) => Promise<R[]>,
) {
  // Both tables have these columns (a builder request's status never `accepted`); drizzle's
  // builders cannot see that through the union.
  const t = table as typeof managerRequests
  const noun = entity.replace('_', ' ')
  return (actorId: string, id: string, status: R['status']): Promise<R> =>
    adminWrite(
      app.db,
      actorId,
      async (tx) => {
        const where = eq(t.id, id)
        await tx.select({ id: t.id }).from(t).where(where).for('update')
        const before = found((await rows(tx, where))[0], noun)
        await tx
          .update(t)
          .set({ status, updatedAt: sql`now()` })
          .where(where)
        const after = { ...before, status }
        return { action: 'edit', entity, entityId: id, before, after, data: after }
      },
      ALREADY_OPEN,
    )
}

export default fp(
  async function requestsRepository(app: FastifyInstance) {
    const { db } = app
    app.decorate('requests', {
      requestBuilder: async (clientId) => {
        const now = app.clock()
        await db
          .insert(builderRequests)
          .values({ clientId, createdAt: now, updatedAt: now })
          .onConflictDoNothing({
            target: builderRequests.clientId,
            where: isOpen(builderRequests.status),
          })
      },

      requestManager: (clientId, managerId, message) => {
        const now = app.clock()
        return db.transaction(async (tx) => {
          // Key-share lock: the manager cannot be deleted under the insert that names them.
          const [manager] = await tx
            .select({ name: managers.name })
            .from(managers)
            .where(eq(managers.id, managerId))
            .for('key share')
          if (!manager) throw notFound('Unknown manager')
          const [client] = await tx
            .select({ name: users.name })
            .from(users)
            .where(eq(users.id, clientId))
          if (!client) throw unauthenticated()
          const { row, created } = await openManagerRequest(tx, {
            clientId,
            managerId,
            // Kept with the request so its history reads well after the manager is deleted.
            managerName: manager.name,
            message: message ?? '',
            createdAt: now,
            updatedAt: now,
          })
          return { request: toManagerRequest(row, client.name), created }
        })
      },

      listsJson: (query = db) => requestListsJson(query),
      moveBuilderRequest: moveRequest(app, builderRequests, 'builder_request', builderRequestRows),
      moveManagerRequest: moveRequest(app, managerRequests, 'manager_request', managerRequestRows),
    } satisfies Requests)
  },
  { name: 'requests', dependencies: ['db', 'core'] },
)
