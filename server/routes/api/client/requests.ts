import { and, eq, sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  envelope,
  NoBody,
  RequestBuilderData,
  RequestManagerBody,
  RequestManagerData,
} from '../../../../contract'
import type { Tx } from '../../../db/client'
import { toManagerRequest } from '../../../db/request-rows'
import { builderRequests, managerRequests, managers, users } from '../../../db/schema'
import { notFound, unauthenticated } from '../../../lib/problem'
import { identityOf } from '../../../plugins/app/access'

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

/** Asking for a project builder or a project manager to take the build on. */
const requestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/request-builder',
    {
      config: { access: 'builder' },
      schema: {
        summary: 'Request a project builder',
        description: 'Idempotent: a client has at most one open builder request.',
        body: NoBody,
        response: { 200: envelope(RequestBuilderData) },
      },
    },
    async (request) => {
      const now = app.clock()
      await app.db
        .insert(builderRequests)
        .values({ clientId: identityOf(request).id, createdAt: now, updatedAt: now })
        .onConflictDoNothing({
          target: builderRequests.clientId,
          where: isOpen(builderRequests.status),
        })
      return { Data: { BuilderRequested: true as const } }
    },
  )

  app.post(
    '/api/request-manager',
    {
      config: { access: 'builder' },
      schema: {
        summary: 'Request a project manager',
        description:
          'Answers 201 with a new request, or 200 with the open request already made to this manager.',
        body: RequestManagerBody,
        response: { 200: envelope(RequestManagerData), 201: envelope(RequestManagerData) },
      },
    },
    async (request, reply) => {
      const clientId = identityOf(request).id
      const { managerId, message } = request.body
      const now = app.clock()
      const outcome = await app.db.transaction(async (tx) => {
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
      return reply.code(outcome.created ? 201 : 200).send({ Data: outcome.request })
    },
  )
}

export default requestRoutes
