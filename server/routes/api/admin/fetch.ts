import crypto from 'node:crypto'
import { asc, eq, sql } from 'drizzle-orm'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AdminFetchData, envelope, NON_STAGES, type AdminClient } from '../../../../contract'
import {
  builderRequests,
  cities,
  clients,
  engineers,
  managerRequests,
  managers,
  poolEntries,
  users,
} from '../../../db/schema'
import { flagOf } from '../../../plugins/app/users'

const iso = (d: Date) => d.toISOString()

/** Everything the back office shows, one query per list; answered 304 when nothing changed. */
const fetchRoutes: FastifyPluginAsyncZod = async (app) => {
  const loadClients = async (): Promise<AdminClient[]> => {
    const rows = await app.db
      .select({
        user: users,
        client: clients,
        flag: flagOf,
        stepsDone: sql<number>`(select count(*)::int from ${poolEntries}
          where ${poolEntries.clientId} = ${clients.userId} and ${poolEntries.done})`,
      })
      .from(clients)
      .innerJoin(users, eq(users.id, clients.userId))
      .orderBy(asc(users.createdAt))
    return rows.map(({ user, client, flag, stepsDone }) => ({
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      createdAt: iso(user.createdAt),
      phone: client.phone,
      address: client.address,
      city: client.city,
      state: client.state,
      onWaiting: client.onWaiting,
      perk: client.perk,
      Flag: flag === true,
      stepsDone: Number(stepsDone),
    }))
  }

  const load = async () => {
    const { db } = app
    const [
      admins,
      cityRows,
      stageList,
      clientList,
      managerRows,
      engineerRows,
      builderRows,
      managerRequestRows,
    ] = await Promise.all([
      db.select().from(users).where(eq(users.role, 'ADMIN')).orderBy(asc(users.createdAt)),
      db.select().from(cities).orderBy(asc(cities.state), asc(cities.name)),
      app.stages.list(),
      loadClients(),
      db.select().from(managers).orderBy(asc(managers.name)),
      db.select().from(engineers).orderBy(asc(engineers.name)),
      db
        .select({ request: builderRequests, clientName: users.name })
        .from(builderRequests)
        .innerJoin(users, eq(users.id, builderRequests.clientId))
        .orderBy(asc(builderRequests.createdAt)),
      db
        .select({ request: managerRequests, clientName: users.name })
        .from(managerRequests)
        .innerJoin(users, eq(users.id, managerRequests.clientId))
        .orderBy(asc(managerRequests.createdAt)),
    ])
    return {
      Admins: admins.map((a) => ({
        id: a.id,
        email: a.email,
        name: a.name,
        role: a.role,
        createdAt: iso(a.createdAt),
      })),
      Cities: cityRows,
      Stages: stageList.stages,
      NonStages: [...NON_STAGES],
      Clients: clientList,
      Managers: managerRows,
      Engineers: engineerRows,
      UsersWithPerks: clientList.filter((c) => c.perk !== null && c.perk !== ''),
      BuilderRequests: builderRows.map(({ request, clientName }) => ({
        id: request.id,
        clientId: request.clientId,
        clientName,
        status: request.status,
        createdAt: iso(request.createdAt),
      })),
      ManagerRequests: managerRequestRows.map(({ request, clientName }) => ({
        id: request.id,
        clientId: request.clientId,
        clientName,
        managerId: request.managerId,
        managerName: request.managerName,
        message: request.message,
        status: request.status,
        createdAt: iso(request.createdAt),
      })),
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
