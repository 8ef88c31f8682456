import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import calendars from '../../../plugins/app/calendars'
import files from '../../../plugins/app/files'
import logs from '../../../plugins/app/logs'
import money from '../../../plugins/app/money'
import notificationPreferences from '../../../plugins/app/notification-preferences'
import poolEntries from '../../../plugins/app/pool-entries'
import timelines from '../../../plugins/app/timeline'
import trades from '../../../plugins/app/trades'
import warranties from '../../../plugins/app/warranties'
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
  // Registered here so the app's composition root needs only this plugin; no other route uses
  // them.
  await app.register(poolEntries)
  await app.register(timelines)
  await app.register(money)
  await app.register(notificationPreferences)
  await app.register(calendars)
  await app.register(files)
  await app.register(logs)
  await app.register(warranties)
  await app.register(trades)
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
