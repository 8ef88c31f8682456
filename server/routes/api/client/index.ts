import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import calendarRoutes from './calendar'
import fileRoutes from './files'
import logRoutes from './logs'
import moneyRoutes from './money'
import poolRoutes from './pool'
import quoteRoutes from './quotes'
import requestRoutes from './requests'
import timelineRoutes from './timeline'
import tradeRoutes from './trades'
import unsubscribeRoutes from './unsubscribe'

/** The client's builder calls: every one is for a CLIENT whose city we serve (Flag). */
const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(poolRoutes)
  await app.register(quoteRoutes)
  await app.register(requestRoutes)
  await app.register(timelineRoutes)
  await app.register(calendarRoutes)
  await app.register(moneyRoutes)
  await app.register(fileRoutes)
  await app.register(logRoutes)
  await app.register(tradeRoutes)
  await app.register(unsubscribeRoutes)
}

export default clientRoutes
