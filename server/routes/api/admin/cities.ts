import { eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  cityKey,
  CityData,
  CityEditBody,
  CityInput,
  DeletedData,
  envelope,
  IdParams,
  NoBody,
  type City,
} from '../../../../contract'
import { cities } from '../../../db/schema'
import { adminWrite, found } from './admin-write'
import { afterCityWrite, clientsIn } from './city-opened-mail'

const cityOf = (row: typeof cities.$inferSelect): City => ({
  id: row.id,
  name: row.name,
  state: row.state,
  permitFee: row.permitFee,
})

const ALREADY_SERVED = 'We already serve a city with this name and state.'

/** Served cities. A client's Flag is derived from them, so it follows every change at once. */
const cityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/cities/create',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Serve a new city',
        body: CityInput,
        response: { 201: envelope(CityData) },
      },
    },
    async (request, reply) => {
      const { name, state, permitFee } = request.body
      const change = await adminWrite(
        app,
        request,
        async (tx) => {
          const key = cityKey(name, state)
          const [row] = await tx.insert(cities).values({ name, state, permitFee, key }).returning()
          const after = cityOf(found(row, 'city'))
          const data = { city: after, opened: await clientsIn(tx, key), closed: [] }
          return { action: 'create', entity: 'city', entityId: after.id, after, data }
        },
        `We already serve ${name}, ${state}.`,
      )
      afterCityWrite(app, change)
      return reply.code(201).send({ Data: change.city })
    },
  )

  app.put(
    '/api/admin/cities/edit/:id',
    {
      config: { access: 'admin' },
      schema: {
        summary: "Change a served city's name, state or permit fee",
        params: IdParams,
        body: CityEditBody,
        response: { 200: envelope(CityData) },
      },
    },
    async (request) => {
      const { id } = request.params
      const change = await adminWrite(
        app,
        request,
        async (tx) => {
          const [row] = await tx.select().from(cities).where(eq(cities.id, id)).for('update')
          const old = found(row, 'city')
          const key = cityKey(request.body.name ?? old.name, request.body.state ?? old.state)
          const [updated] = await tx
            .update(cities)
            .set({ ...request.body, key })
            .where(eq(cities.id, id))
            .returning()
          const after = cityOf(found(updated, 'city'))
          // A new key opens the builder to that city's clients and closes it to the old one's.
          const moved = key !== old.key
          const data = {
            city: after,
            opened: moved ? await clientsIn(tx, key) : [],
            closed: moved ? await clientsIn(tx, old.key) : [],
          }
          return { action: 'edit', entity: 'city', entityId: id, before: cityOf(old), after, data }
        },
        ALREADY_SERVED,
      )
      afterCityWrite(app, change)
      return { Data: change.city }
    },
  )

  app.delete(
    '/api/admin/cities/:id',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Stop serving a city (its clients lose the builder, keep their pool)',
        params: IdParams,
        body: NoBody,
        response: { 200: envelope(DeletedData) },
      },
    },
    async (request) => {
      const { id } = request.params
      const change = await adminWrite(app, request, async (tx) => {
        const [row] = await tx.delete(cities).where(eq(cities.id, id)).returning()
        const gone = found(row, 'city')
        const before = cityOf(gone)
        const data = { city: before, opened: [], closed: await clientsIn(tx, gone.key) }
        return { action: 'delete', entity: 'city', entityId: id, before, data }
      })
      afterCityWrite(app, change)
      return { Data: { id } }
    },
  )
}

export default cityRoutes
