import { eq, sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  BuilderRequestData,
  envelope,
  IdParams,
  ManagerRequestData,
  RequestStatusBody,
} from '../../../../contract'
import { builderRequests, managerRequests } from '../../../db/schema'
import { adminWrite, found } from './admin-write'
import { builderRequestRows, managerRequestRows } from '../../../db/request-rows'

// Partial unique indexes allow one open request per client (per manager for manager requests):
// reopening one while another is open is refused there.
const ALREADY_OPEN = 'This client already has another open request of this kind. Close it first.'

/** Where the back office follows up on clients' requests for the builder and for a manager. */
const requestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/admin/builder-requests/:id',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Move a builder request on (open, contacted, closed)',
        params: IdParams,
        body: RequestStatusBody,
        response: { 200: envelope(BuilderRequestData) },
      },
    },
    async (request) => {
      const { id } = request.params
      const { status } = request.body
      const where = eq(builderRequests.id, id)
      const moved = await adminWrite(
        app,
        request,
        async (tx) => {
          await tx
            .select({ id: builderRequests.id })
            .from(builderRequests)
            .where(where)
            .for('update')
          const before = found((await builderRequestRows(tx, where))[0], 'builder request')
          await tx
            .update(builderRequests)
            .set({ status, updatedAt: sql`now()` })
            .where(where)
          const after = { ...before, status }
          const entry = { entity: 'builder_request', entityId: id, before, after }
          return { action: 'edit', ...entry, data: after }
        },
        ALREADY_OPEN,
      )
      return { Data: moved }
    },
  )

  app.put(
    '/api/admin/manager-requests/:id',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Move a manager request on (open, contacted, closed)',
        params: IdParams,
        body: RequestStatusBody,
        response: { 200: envelope(ManagerRequestData) },
      },
    },
    async (request) => {
      const { id } = request.params
      const { status } = request.body
      const where = eq(managerRequests.id, id)
      const moved = await adminWrite(
        app,
        request,
        async (tx) => {
          await tx
            .select({ id: managerRequests.id })
            .from(managerRequests)
            .where(where)
            .for('update')
          const before = found((await managerRequestRows(tx, where))[0], 'manager request')
          await tx
            .update(managerRequests)
            .set({ status, updatedAt: sql`now()` })
            .where(where)
          const after = { ...before, status }
          const entry = { entity: 'manager_request', entityId: id, before, after }
          return { action: 'edit', ...entry, data: after }
        },
        ALREADY_OPEN,
      )
      return { Data: moved }
    },
  )
}

export default requestRoutes
