import cookie from '@fastify/cookie'
import admins from './app/accounts/admins'
import clients from './app/accounts/clients'
import loginCodes from './app/accounts/login-codes'
import refreshTokens from './app/accounts/refresh-tokens'
import users from './app/accounts/users'
import adminData from './app/admin-data/admin-data'
import tradePortal from './app/bids/trade-portal'
import cities from './app/directory/cities'
import directory from './app/directory/engineers-and-managers'
import requests from './app/directory/requests'
import assignments from './app/projects/assignments'
import projects from './app/projects/projects'
import messageEmails from './app/messages/message-emails'
import messages from './app/messages/messages'
import bidReminders from './app/bids/bid-reminders'
import bidRequests from './app/bids/bid-requests'
import fileStore from './app/documents/file-store'
import files from './app/documents/files'
import logs from './app/documents/logs'
import warranties from './app/documents/warranties'
import money from './app/money/money'
import notices from './app/money/notices'
import moneyExports from './app/exports/exports'
import mailer from './app/notifications/mailer'
import notificationLog from './app/notifications/notification-log'
import notificationPreferences from './app/notifications/notification-preferences'
import notifier from './app/notifications/notifier'
import equipment from './app/passport/equipment'
import passport from './app/passport/passport'
import startupLog from './app/passport/startup-log'
import poolEntries from './app/pool/pool-entries'
import stages from './app/pool/stages'
import scopeItems from './app/scope/scope-items'
import checklists from './app/checklists/checklists'
import calendars from './app/timeline/calendars'
import schedule from './app/timeline/schedule'
import timelines from './app/timeline/timeline'
import trades from './app/trades/trades'
import access from './core/access'
import clientEtag from './core/client-etag'
import csrf from './core/csrf'
import dataVersion from './core/data-version'
import errors from './core/errors'
import housekeeping from './core/housekeeping'
import rateLimiter from './core/rate-limiter'
import routeCheck from './core/route-check'
import openapi from './external/openapi'
import security from './external/security'

/**
 * Every plugin that takes no options, in the order buildApp registers them, after `core` and
 * `db` (which take its options) and before the routes: each sees the decorators of those above
 * it, and fastify-plugin refuses to start when one comes before a plugin it names in its
 * `dependencies`.
 */
export const plugins = [
  errors,
  fileStore,
  security,
  cookie,
  openapi,
  csrf,
  mailer,
  rateLimiter,
  loginCodes,
  refreshTokens,
  dataVersion,
  users,
  stages,
  schedule,
  scopeItems,
  checklists,
  notificationLog,
  notifier,
  housekeeping,
  admins,
  clients,
  cities,
  directory,
  requests,
  assignments,
  trades,
  bidRequests,
  bidReminders,
  poolEntries,
  timelines,
  money,
  notices,
  moneyExports,
  notificationPreferences,
  calendars,
  files,
  logs,
  warranties,
  equipment,
  startupLog,
  passport,
  projects,
  tradePortal,
  messageEmails,
  messages,
  adminData,
  access,
  clientEtag,
  // Last: it sees every route registered after it, and refuses to start on a gap in the table.
  routeCheck,
]
