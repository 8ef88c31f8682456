import type { FastifyInstance } from 'fastify'
import type { z } from 'zod/mini'
import type { IdParams } from '../../../../contract'
import {
  routes,
  type AdminWriteName,
  type CallData,
  type RouteDef,
  type Routes,
} from '../../../../contract/routes'
import { routeFrom } from '../../../lib/route-of'
import { identityOf } from '../../../plugins/core/access'

/** The back office's writes on one item, named by the `:id` of their path. */
type ItemCall = {
  [N in AdminWriteName]: Routes[N] extends { params: typeof IdParams } ? N : never
}[AdminWriteName]
type CreateCall = Exclude<AdminWriteName, ItemCall>
type DeleteCall = Extract<ItemCall, `delete${string}`>
type EditCall = Exclude<ItemCall, DeleteCall>
type BodyOf<N extends AdminWriteName> = z.output<Routes[N]['body']>

/** The table's route options, seen as any call's: the typed callbacks below stand for them. */
const optionsOf = (name: AdminWriteName) =>
  routeFrom<string, RouteDef & { statuses: RouteDef['statuses'] & object }>(name, {
    statuses: [200],
    ...routes[name],
  })

// The type provider has validated params and body with the table's schemas before the handler
// runs; inside these generics TypeScript cannot resolve its types back to the call's, so the
// callbacks' parameters (derived from the same table) carry the types instead.
const idOf = (params: unknown) => (params as z.output<typeof IdParams>).id

/** A create: answers 201 with the created item. */
export function createRoute<N extends CreateCall>(
  app: FastifyInstance,
  name: N,
  create: (actorId: string, body: BodyOf<N>) => Promise<CallData<N>>,
) {
  app.route({
    ...optionsOf(name),
    handler: async (request, reply) => {
      const created = await create(identityOf(request).id, request.body as BodyOf<N>)
      return reply.code(201).send({ Data: created })
    },
  })
}

/** An edit of the item the path's id names: answers the item as it now stands. */
export function editRoute<N extends EditCall>(
  app: FastifyInstance,
  name: N,
  edit: (actorId: string, id: string, body: BodyOf<N>) => Promise<CallData<N>>,
) {
  app.route({
    ...optionsOf(name),
    handler: async (request) => ({
      Data: await edit(identityOf(request).id, idOf(request.params), request.body as BodyOf<N>),
    }),
  })
}

/** A delete of the item the path's id names: answers that id. */
export function deleteRoute(
  app: FastifyInstance,
  name: DeleteCall,
  remove: (actorId: string, id: string) => Promise<void>,
) {
  app.route({
    ...optionsOf(name),
    handler: async (request) => {
      const id = idOf(request.params)
      await remove(identityOf(request).id, id)
      return { Data: id }
    },
  })
}
