import type { FastifyInstance } from 'fastify'
import {
  routes,
  type CallData,
  type ClientCallName,
  type RouteDef,
  type Routes,
} from '../../../../contract/routes'
import { routeDocs } from '../../../../contract/routes/docs'
import { routeFrom } from '../../../lib/route-of'
import { identityOf } from '../../../plugins/core/access'

/** The builder's reads that take nothing but the caller: no params, body or query. */
type CallerRead = {
  [N in ClientCallName]: Routes[N] extends { method: 'GET' }
    ? Routes[N] extends { params: object } | { query: object }
      ? never
      : N
    : never
}[ClientCallName]

/** A read answering what `read` gives for the signed-in client's id. */
export function callerRead<N extends CallerRead>(
  app: FastifyInstance,
  name: N,
  read: (clientId: string) => Promise<CallData<N>>,
) {
  app.route({
    // Seen as any call's options: inside this generic TypeScript cannot resolve the zod
    // provider's types back to N's, so `read`'s type (from the same table) carries them.
    ...routeFrom<string, RouteDef>(name, routes[name], routeDocs[name]),
    handler: async (request) => ({ Data: await read(identityOf(request).id) }),
  })
}
