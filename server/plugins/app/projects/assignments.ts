import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { clients, managerRequests, managers, users } from '../../../db/schema'
import { notFound } from '../../../lib/problem'
import type { Identity } from '../accounts/users'

/** A manager assigned to a project, with its user once it has signed in (PRODUCT.md §18). */
export type AssignedManager = { id: string; name: string; email: string; userId: string | null }

export type Assignments = {
  /** The managers an `accepted` request assigns to the client's project. */
  managersOf(clientId: string): Promise<AssignedManager[]>
  /**
   * Whether the caller may read the client's project: an admin any existing project, a manager
   * only one it is assigned to. Throws 404 otherwise, so a manager cannot tell the two apart.
   */
  reach(identity: Identity, clientId: string): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    assignments: Assignments
  }
}

const assigned = (clientId: string) =>
  and(eq(managerRequests.clientId, clientId), eq(managerRequests.status, 'accepted'))

export default fp(
  async function assignmentsRepository(app: FastifyInstance) {
    const { db } = app
    const assignments: Assignments = {
      managersOf: (clientId) =>
        db
          .selectDistinct({
            id: managers.id,
            name: managers.name,
            email: managers.email,
            userId: users.id,
          })
          .from(managerRequests)
          .innerJoin(managers, eq(managers.id, managerRequests.managerId))
          .leftJoin(users, and(eq(users.email, managers.email), eq(users.role, 'MANAGER')))
          .where(assigned(clientId)),

      reach: async (identity, clientId) => {
        const [found] =
          identity.role === 'ADMIN'
            ? await db
                .select({ one: sql<number>`1` })
                .from(clients)
                .where(eq(clients.userId, clientId))
            : identity.role === 'MANAGER'
              ? await db
                  .select({ one: sql<number>`1` })
                  .from(managerRequests)
                  .innerJoin(managers, eq(managers.id, managerRequests.managerId))
                  .innerJoin(users, eq(users.email, managers.email))
                  .where(and(assigned(clientId), eq(users.id, identity.id)))
                  .limit(1)
              : []
        if (!found) throw notFound('No such project.')
      },
    }
    app.decorate('assignments', assignments)
  },
  { name: 'assignments', dependencies: ['db'] },
)
