import { and, asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { z } from 'zod/mini'
import type { AdminEditBody, AdminInput, AdminUser } from '../../../../contract'
import type { Tx } from '../../../db/driver/client'
import { users } from '../../../db/schema'
import { accountWrite, adminWrite, EMAIL_TAKEN, found, type ItemWrites } from '../../../lib/audit'
import { conflict } from '../../../lib/problem'
import { refuseManagerEmail } from './email-owners'

/** The back office's own accounts. `remove` spares the caller and the last admin (409). */
export type Admins = ItemWrites<
  z.output<typeof AdminInput>,
  z.output<typeof AdminEditBody>,
  AdminUser
>

declare module 'fastify' {
  interface FastifyInstance {
    admins: Admins
  }
}

/** An admin as the back office shows it. */
export const adminUserOf = (row: typeof users.$inferSelect): AdminUser => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  createdAt: row.createdAt.toISOString(),
})

const isAdmin = (id: string) => and(eq(users.id, id), eq(users.role, 'ADMIN'))

/**
 * Every admin, locked until the delete commits: two admins deleting each other at once are
 * taken in turn, and the second sees that it would leave nobody in charge.
 */
async function checkDeletable(tx: Tx, id: string, callerId: string): Promise<void> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'ADMIN'))
    // One lock order for every caller: two deletes at once queue instead of deadlocking.
    .orderBy(asc(users.id))
    .for('update')
  found(
    admins.find((a) => a.id === id),
    'admin',
  )
  if (id === callerId) throw conflict('You cannot delete your own account. Ask another admin.')
  // The target is an admin and is not the caller: with the caller still one, one admin stays.
  // A caller made a client a moment ago (their identity still cached as an admin) is not.
  if (!admins.some((a) => a.id === callerId))
    throw conflict('PoolPath needs at least one admin: this is the last one.')
}

export default fp(
  async function adminsRepository(app: FastifyInstance) {
    const { db } = app
    app.decorate('admins', {
      list: async (query = db) =>
        (
          await query
            .select()
            .from(users)
            .where(eq(users.role, 'ADMIN'))
            .orderBy(asc(users.createdAt))
        ).map(adminUserOf),

      create: (actorId, input) =>
        adminWrite(
          db,
          actorId,
          async (tx) => {
            await refuseManagerEmail(tx, input.email)
            const [row] = await tx
              .insert(users)
              .values({ ...input, role: 'ADMIN' })
              .returning()
            const after = adminUserOf(found(row, 'admin'))
            return { action: 'create', entity: 'admin', entityId: after.id, after, data: after }
          },
          EMAIL_TAKEN,
        ),

      edit: (actorId, id, edit) =>
        accountWrite(app, actorId, id, async (tx) => {
          const [row] = await tx.select().from(users).where(isAdmin(id)).for('update')
          const before = adminUserOf(found(row, 'admin'))
          await refuseManagerEmail(tx, edit.email)
          const [updated] = await tx.update(users).set(edit).where(isAdmin(id)).returning()
          const after = adminUserOf(found(updated, 'admin'))
          return { action: 'edit', entity: 'admin', entityId: id, before, after, data: after }
        }),

      remove: async (actorId, id) => {
        // Their refresh tokens go with the row; their access token stops working now.
        await accountWrite(app, actorId, id, async (tx) => {
          await checkDeletable(tx, id, actorId)
          const [row] = await tx.delete(users).where(isAdmin(id)).returning()
          const before = adminUserOf(found(row, 'admin'))
          return { action: 'delete', entity: 'admin', entityId: id, before, data: null }
        })
      },
    } satisfies Admins)
  },
  { name: 'admins', dependencies: ['db', 'users'] },
)
