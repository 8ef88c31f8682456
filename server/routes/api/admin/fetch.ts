import crypto from 'node:crypto'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AdminFetchData, NON_STAGES } from '../../../../contract'
import { routeOf } from '../../../lib/route-of'

/** Everything the back office shows, one query per list; answered 304 when nothing changed. */
const fetchRoutes: FastifyPluginAsyncZod = async (app) => {
  const load = async (): Promise<AdminFetchData> => {
    const [
      Admins,
      Cities,
      stageList,
      Clients,
      Managers,
      Engineers,
      BuilderRequests,
      ManagerRequests,
      Schedule,
    ] = await Promise.all([
      app.admins.list(),
      app.cities.list(),
      app.stages.list(),
      app.clients.list(),
      app.managers.list(),
      app.engineers.list(),
      app.requests.builderRequests(),
      app.requests.managerRequests(),
      app.schedule.list(),
    ])
    return {
      Admins,
      Cities,
      Stages: stageList.stages,
      NonStages: [...NON_STAGES],
      Clients,
      Managers,
      Engineers,
      UsersWithPerks: Clients.filter((c) => c.perk !== null && c.perk !== ''),
      BuilderRequests,
      ManagerRequests,
      UsersOnWaiting: Clients.filter((c) => c.onWaiting),
      Schedule,
    }
  }

  app.route({
    ...routeOf('adminFetch'),
    handler: async (request, typedReply) => {
      const reply: FastifyReply = typedReply
      // Parsed with the contract before it leaves: the ETag is over exactly what is sent.
      const body = JSON.stringify({ Data: AdminFetchData.parse(await load()) })
      const etag = `W/"${crypto.createHash('sha1').update(body).digest('base64url')}"`
      reply.header('etag', etag).header('cache-control', 'no-cache')
      if (request.headers['if-none-match'] === etag) return reply.code(304).send()
      return reply.type('application/json; charset=utf-8').send(body)
    },
  })
}

export default fetchRoutes
