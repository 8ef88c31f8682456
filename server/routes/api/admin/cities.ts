import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { cityKey, CityData, CityInput, envelope } from '../../../../contract'
import { cities } from '../../../db/schema'
import { audit } from '../../../lib/audit'
import { isUniqueViolation } from '../../../lib/db-errors'
import { conflict } from '../../../lib/problem'
import { identityOf } from '../../../plugins/app/access'

const cityOf = (row: typeof cities.$inferSelect) => ({
  id: row.id,
  name: row.name,
  state: row.state,
  permitFee: row.permitFee,
})

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
      try {
        const city = await app.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(cities)
            .values({ name, state, permitFee, key: cityKey(name, state) })
            .returning()
          if (!row) throw new Error('city insert returned nothing')
          await audit(tx, {
            actorId: identityOf(request).id,
            action: 'create',
            entity: 'city',
            entityId: row.id,
            after: cityOf(row),
          })
          return cityOf(row)
        })
        return reply.code(201).send({ Data: city })
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(`We already serve ${name}, ${state}.`)
        throw error
      }
    },
  )
}

export default cityRoutes
