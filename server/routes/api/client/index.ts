import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import poolEntries from '../../../plugins/app/pool-entries'
import poolRoutes from './pool'
import quoteRoutes from './quotes'
import requestRoutes from './requests'

/** The client's builder calls: every one is for a CLIENT whose city we serve (Flag). */
const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered here so the app's composition root needs only this plugin; no other route uses it.
  await app.register(poolEntries)
  await app.register(poolRoutes)
  await app.register(quoteRoutes)
  await app.register(requestRoutes)
}

export default clientRoutes
