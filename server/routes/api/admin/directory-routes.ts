import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { ZodMiniType } from 'zod/mini'
import type { $ZodType, output } from 'zod/v4/core'
import { DeletedData, envelope, IdParams, NoBody } from '../../../../contract'
import type { Tx } from '../../../db/client'
import { adminWrite, found } from './admin-write'

/** What differs between two directories of people (engineers, project managers): their table. */
export type DirectorySpec<
  Input extends $ZodType,
  Edit extends $ZodType,
  Wire extends { id: string },
> = {
  /** The URL segment, e.g. 'engineers'. */
  path: string
  /** The audit log's entity and the 404's noun, e.g. 'engineer'. */
  entity: string
  schemas: { input: Input; edit: Edit; data: ZodMiniType<Wire> }
  summaries: { create: string; edit: string; remove: string }
  rows: {
    insert(tx: Tx, body: output<Input>): Promise<Wire | undefined>
    lock(tx: Tx, id: string): Promise<Wire | undefined>
    update(tx: Tx, id: string, body: output<Edit>): Promise<Wire | undefined>
    remove(tx: Tx, id: string): Promise<Wire | undefined>
  }
  /** Runs inside the edit's transaction, after the row changed. */
  afterEdit?(tx: Tx, before: Wire, after: Wire): Promise<void>
}

/** Create, edit and delete of one directory, each with its audit row in the same transaction. */
export function directoryRoutes<
  Input extends $ZodType,
  Edit extends $ZodType,
  Wire extends { id: string },
>(spec: DirectorySpec<Input, Edit, Wire>): FastifyPluginAsyncZod {
  const { path, entity, schemas, summaries, rows } = spec
  return async (app) => {
    app.post(
      `/api/admin/${path}/create`,
      {
        config: { access: 'admin' },
        schema: {
          summary: summaries.create,
          body: schemas.input,
          response: { 201: envelope(schemas.data) },
        },
      },
      async (request, reply) => {
        // The type provider validated the body with schemas.input; inside this generic, TypeScript
        // cannot resolve the provider's conditional type back to output<Input> by itself.
        const body = request.body as output<Input>
        const created = await adminWrite(app, request, async (tx) => {
          const after = found(await rows.insert(tx, body), entity)
          return { action: 'create', entity, entityId: after.id, after, data: after }
        })
        return reply.code(201).send({ Data: created })
      },
    )

    app.put(
      `/api/admin/${path}/edit/:id`,
      {
        config: { access: 'admin' },
        schema: {
          summary: summaries.edit,
          params: IdParams,
          body: schemas.edit,
          response: { 200: envelope(schemas.data) },
        },
      },
      async (request) => {
        const { id } = request.params
        const body = request.body as output<Edit>
        const edited = await adminWrite(app, request, async (tx) => {
          const before = found(await rows.lock(tx, id), entity)
          const after = found(await rows.update(tx, id, body), entity)
          await spec.afterEdit?.(tx, before, after)
          return { action: 'edit', entity, entityId: id, before, after, data: after }
        })
        return { Data: edited }
      },
    )

    app.delete(
      `/api/admin/${path}/:id`,
      {
        config: { access: 'admin' },
        schema: {
          summary: summaries.remove,
          params: IdParams,
          body: NoBody,
          response: { 200: envelope(DeletedData) },
        },
      },
      async (request) => {
        const { id } = request.params
        await adminWrite(app, request, async (tx) => {
          const before = found(await rows.remove(tx, id), entity)
          return { action: 'delete', entity, entityId: id, before, data: null }
        })
        return { Data: { id } }
      },
    )
  }
}
