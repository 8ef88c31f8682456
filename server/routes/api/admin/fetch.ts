import crypto from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AdminFetchData, envelope, NON_STAGES } from '../../../../contract'
import { cities, engineers, managers, users } from '../../../db/schema'
import { builderRequestRows, managerRequestRows } from '../../../db/request-rows'
import { adminClients, adminUserOf } from './user-rows'

/** Everything the back office shows, one query per list; answered 304 when nothing changed. */
const fetchRoutes: FastifyPluginAsyncZod = async (app) => {
  const load = async () => {
    const { db } = app
    const [
      admins,
      cityRows,
      stageList,
      clientList,
      managerRows,
      engineerRows,
      builderList,
      managerRequestList,
    ] = await Promise.all([
      db.select().from(users).where(eq(users.role, 'ADMIN')).orderBy(asc(users.createdAt)),
      db.select().from(cities).orderBy(asc(cities.state), asc(cities.name)),
      app.stages.list(),
      adminClients(db),
      db.select().from(managers).orderBy(asc(managers.name)),
      db.select().from(engineers).orderBy(asc(engineers.name)),
      builderRequestRows(db),
      managerRequestRows(db),
    ])
    return {
      Admins: admins.map(adminUserOf),
      Cities: cityRows,
      Stages: stageList.stages,
      NonStages: [...NON_STAGES],
      Clients: clientList,
      Managers: managerRows,
      Engineers: engineerRows,
      UsersWithPerks: clientList.filter((c) => c.perk !== null && c.perk !== ''),
      BuilderRequests: builderList,
      ManagerRequests: managerRequestList,
      UsersOnWaiting: clientList.filter((c) => c.onWaiting),
    }
  }

  app.get(
    '/api/admin/fetch',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Every list of the back office',
        response: { 200: envelope(AdminFetchData) },
      },
    },
    async (request, typedReply) => {
      const reply: FastifyReply = typedReply
      // Parsed with the contract before it leaves: the ETag is over exactly what is sent.
      const body = JSON.stringify({ Data: AdminFetchData.parse(await load()) })
      const etag = `W/"${crypto.createHash('sha1').update(body).digest('base64url')}"`
      reply.header('etag', etag).header('cache-control', 'no-cache')
      if (request.headers['if-none-match'] === etag) return reply.code(304).send()
      return reply.type('application/json; charset=utf-8').send(body)
    },
  )
}

export default fetchRoutes
