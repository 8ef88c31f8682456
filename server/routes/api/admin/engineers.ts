import { eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  DeletedData,
  EngineerData,
  EngineerEditBody,
  EngineerInput,
  envelope,
  IdParams,
  NoBody,
  type Engineer,
} from '../../../../contract'
import { engineers } from '../../../db/schema'
import { adminWrite, found } from './admin-write'

const engineerOf = (row: typeof engineers.$inferSelect): Engineer => ({
  id: row.id,
  name: row.name,
  company: row.company,
  email: row.email,
  phone: row.phone,
  licenseNo: row.licenseNo,
  fee: row.fee,
})

/**
 * The engineers a client picks from in the Engineering step. A client's choice keeps the id of an
 * engineer deleted since: the step then shows no engineer chosen, and nothing else breaks.
 */
const engineerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/engineers/create',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'List a new engineer',
        body: EngineerInput,
        response: { 201: envelope(EngineerData) },
      },
    },
    async (request, reply) => {
      const engineer = await adminWrite(app, request, async (tx) => {
        const [row] = await tx.insert(engineers).values(request.body).returning()
        const after = engineerOf(found(row, 'engineer'))
        return { action: 'create', entity: 'engineer', entityId: after.id, after, data: after }
      })
      return reply.code(201).send({ Data: engineer })
    },
  )

  app.put(
    '/api/admin/engineers/edit/:id',
    {
      config: { access: 'admin' },
      schema: {
        summary: "Change an engineer's details",
        params: IdParams,
        body: EngineerEditBody,
        response: { 200: envelope(EngineerData) },
      },
    },
    async (request) => {
      const { id } = request.params
      const engineer = await adminWrite(app, request, async (tx) => {
        const [row] = await tx.select().from(engineers).where(eq(engineers.id, id)).for('update')
        const before = engineerOf(found(row, 'engineer'))
        const [updated] = await tx
          .update(engineers)
          .set(request.body)
          .where(eq(engineers.id, id))
          .returning()
        const after = engineerOf(found(updated, 'engineer'))
        return { action: 'edit', entity: 'engineer', entityId: id, before, after, data: after }
      })
      return { Data: engineer }
    },
  )

  app.delete(
    '/api/admin/engineers/:id',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Remove an engineer from the list',
        params: IdParams,
        body: NoBody,
        response: { 200: envelope(DeletedData) },
      },
    },
    async (request) => {
      const { id } = request.params
      await adminWrite(app, request, async (tx) => {
        const [row] = await tx.delete(engineers).where(eq(engineers.id, id)).returning()
        const before = engineerOf(found(row, 'engineer'))
        return { action: 'delete', entity: 'engineer', entityId: id, before, data: null }
      })
      return { Data: { id } }
    },
  )
}

export default engineerRoutes
