import { and, asc, eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  AdminData,
  AdminEditBody,
  AdminInput,
  DeletedData,
  envelope,
  IdParams,
  NoBody,
} from '../../../../contract'
import type { Tx } from '../../../db/client'
import { users } from '../../../db/schema'
import { conflict } from '../../../lib/problem'
import { identityOf } from '../../../plugins/app/access'
import { adminWrite, EMAIL_TAKEN, found } from './admin-write'
import { adminUserOf } from './user-rows'

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
  if (admins.length < 2 || !admins.some((a) => a.id === callerId))
    throw conflict('PoolPath needs at least one admin: this is the last one.')
}

/** The back office's own accounts. */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/admin/create',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Add an admin (they sign in with an emailed code)',
        body: AdminInput,
        response: { 201: envelope(AdminData) },
      },
    },
    async (request, reply) => {
      const admin = await adminWrite(
        app,
        request,
        async (tx) => {
          const [row] = await tx
            .insert(users)
            .values({ ...request.body, role: 'ADMIN' })
            .returning()
          if (!row) throw new Error('admin insert returned nothing')
          const after = adminUserOf(row)
          return { action: 'create', entity: 'admin', entityId: row.id, after, data: after }
        },
        EMAIL_TAKEN,
      )
      return reply.code(201).send({ Data: admin })
    },
  )

  app.put(
    '/api/admin/admin/edit/:id',
    {
      config: { access: 'admin' },
      schema: {
        summary: "Change an admin's name or email",
        params: IdParams,
        body: AdminEditBody,
        response: { 200: envelope(AdminData) },
      },
    },
    async (request) => {
      const { id } = request.params
      const admin = await adminWrite(
        app,
        request,
        async (tx) => {
          const [row] = await tx.select().from(users).where(isAdmin(id)).for('update')
          const before = adminUserOf(found(row, 'admin'))
          const [updated] = await tx.update(users).set(request.body).where(isAdmin(id)).returning()
          const after = adminUserOf(found(updated, 'admin'))
          return { action: 'edit', entity: 'admin', entityId: id, before, after, data: after }
        },
        EMAIL_TAKEN,
      )
      app.users.forget(id)
      return { Data: admin }
    },
  )

  app.delete(
    '/api/admin/admin/:id',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Remove an admin (never yourself, never the last one)',
        params: IdParams,
        body: NoBody,
        response: { 200: envelope(DeletedData) },
      },
    },
    async (request) => {
      const { id } = request.params
      await adminWrite(app, request, async (tx) => {
        await checkDeletable(tx, id, identityOf(request).id)
        const [row] = await tx.delete(users).where(isAdmin(id)).returning()
        const before = adminUserOf(found(row, 'admin'))
        return { action: 'delete', entity: 'admin', entityId: id, before, data: null }
      })
      // Their refresh tokens went with the row; their access token stops working now.
      app.users.forget(id)
      return { Data: { id } }
    },
  )
}

export default adminRoutes
