import { eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  DeletedData,
  ManagerData,
  ManagerEditBody,
  ManagerInput,
  envelope,
  IdParams,
  NoBody,
  type Manager,
} from '../../../../contract'
import { managerRequests, managers } from '../../../db/schema'
import { adminWrite, found } from './admin-write'

const managerOf = (row: typeof managers.$inferSelect): Manager => ({
  id: row.id,
  name: row.name,
  company: row.company,
  email: row.email,
  phone: row.phone,
  bio: row.bio,
  yearsExperience: row.yearsExperience,
  fee: row.fee,
})

/**
 * The project managers clients ask for. A request outlives its manager: manager_id becomes null
 * (ON DELETE SET NULL) and manager_name keeps saying whom the client asked for.
 */
const managerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/managers/create',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'List a new project manager',
        body: ManagerInput,
        response: { 201: envelope(ManagerData) },
      },
    },
    async (request, reply) => {
      const manager = await adminWrite(app, request, async (tx) => {
        const [row] = await tx.insert(managers).values(request.body).returning()
        const after = managerOf(found(row, 'manager'))
        return { action: 'create', entity: 'manager', entityId: after.id, after, data: after }
      })
      return reply.code(201).send({ Data: manager })
    },
  )

  app.put(
    '/api/admin/managers/edit/:id',
    {
      config: { access: 'admin' },
      schema: {
        summary: "Change an manager's details",
        params: IdParams,
        body: ManagerEditBody,
        response: { 200: envelope(ManagerData) },
      },
    },
    async (request) => {
      const { id } = request.params
      const manager = await adminWrite(app, request, async (tx) => {
        const [row] = await tx.select().from(managers).where(eq(managers.id, id)).for('update')
        const before = managerOf(found(row, 'manager'))
        const [updated] = await tx
          .update(managers)
          .set(request.body)
          .where(eq(managers.id, id))
          .returning()
        const after = managerOf(found(updated, 'manager'))
        // Requests name the manager as they are now; only a deleted manager's name is frozen.
        if (after.name !== before.name)
          await tx
            .update(managerRequests)
            .set({ managerName: after.name })
            .where(eq(managerRequests.managerId, id))
        return { action: 'edit', entity: 'manager', entityId: id, before, after, data: after }
      })
      return { Data: manager }
    },
  )

  app.delete(
    '/api/admin/managers/:id',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Remove an manager from the list',
        params: IdParams,
        body: NoBody,
        response: { 200: envelope(DeletedData) },
      },
    },
    async (request) => {
      const { id } = request.params
      await adminWrite(app, request, async (tx) => {
        const [row] = await tx.delete(managers).where(eq(managers.id, id)).returning()
        const before = managerOf(found(row, 'manager'))
        return { action: 'delete', entity: 'manager', entityId: id, before, data: null }
      })
      return { Data: { id } }
    },
  )
}

export default managerRoutes
