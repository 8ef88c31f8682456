import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import bidRoutes from './bids'
import calendarRoutes from './calendar'
import exportRoutes from './exports'
import fileRoutes from './files'
import logRoutes from './logs'
import messageRoutes from './messages'
import moneyRoutes from './money'
import noticeRoutes from './notices'
import passportRoutes from './passport'
import passportFileRoutes from '../../../plugins/app/passport/passport-files'
import poolRoutes from './pool'
import quoteRoutes from './quotes'
import requestRoutes from './requests'
import scopeRoutes from './scope'
import checklistRoutes from './checklists'
import timelineRoutes from './timeline'
import tradeRoutes from './trades'
import unsubscribeRoutes from './unsubscribe'

/** The client's builder calls: every one is for a CLIENT whose city we serve (Flag). */
const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const routes of [
    poolRoutes,
    quoteRoutes,
    requestRoutes,
    timelineRoutes,
    calendarRoutes,
    moneyRoutes,
    noticeRoutes,
    exportRoutes,
    fileRoutes,
    logRoutes,
    tradeRoutes,
    bidRoutes,
    scopeRoutes,
    passportRoutes,
    passportFileRoutes,
    checklistRoutes,
    messageRoutes,
    unsubscribeRoutes,
  ]) {
    await app.register(routes)
  }
}

export default clientRoutes
