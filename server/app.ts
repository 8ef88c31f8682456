import crypto from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import cookie from '@fastify/cookie'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { z } from 'zod/mini'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Database } from './db/client'
import { fieldMessage } from './lib/field-messages'
import access from './plugins/app/access'
import adminData from './plugins/app/admin-data'
import dataVersion from './plugins/app/data-version'
import admins from './plugins/app/admins'
import cities from './plugins/app/cities'
import clients from './plugins/app/clients'
import core from './plugins/app/core'
import csrf from './plugins/app/csrf'
import directory from './plugins/app/directory'
import errors, { clientError, handleError } from './plugins/app/errors'
import fileStore from './plugins/app/file-store'
import housekeeping from './plugins/app/housekeeping'
import loginCodes from './plugins/app/login-codes'
import mailer from './plugins/app/mailer'
import notificationLog from './plugins/app/notification-log'
import notifier from './plugins/app/notifier'
import rateLimiter from './plugins/app/rate-limiter'
import refreshTokens from './plugins/app/refresh-tokens'
import requests from './plugins/app/requests'
import routeCheck from './plugins/app/route-check'
import schedule from './plugins/app/schedule'
import stages from './plugins/app/stages'
import users from './plugins/app/users'
import db from './plugins/external/db'
import openapi from './plugins/external/openapi'
import security, { securityHeaders } from './plugins/external/security'
import spa from './plugins/external/spa'
import adminRoutes from './routes/api/admin/index'
import authRoutes from './routes/api/auth'
import clientRoutes from './routes/api/client/index'
import publicRoutes from './routes/api/public'
import type { Settings } from './settings'

export const defaultDistDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'dist',
)

export type AppOptions = {
  settings: Settings
  database: Database
  secret: Buffer
  clock?: () => Date
  /** The built front end; null serves the API only. */
  distDir?: string | null
  logger?: FastifyServerOptions['logger']
}

// The contract is zod/mini, which carries no messages of its own; the API answers in English,
// in the forms' words where it can.
z.config({ ...z.locales.en(), customError: fieldMessage })

// Small on purpose: no call of the API needs more, and big bodies are a cheap attack.
const BODY_LIMIT = 64 * 1024

export function loggerOptions(level: Settings['LOG_LEVEL']) {
  return {
    level,
    // Tokens and codes travel in these; they never reach the log.
    redact: [
      'req.headers.authorization',
      'req.headers.cookie',
      'req.headers["temp-token"]',
      'res.headers["set-cookie"]',
    ],
  }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const headers = securityHeaders(options.settings.PUBLIC_URL)
  const app = Fastify({
    logger: options.logger ?? loggerOptions(options.settings.LOG_LEVEL),
    bodyLimit: BODY_LIMIT,
    trustProxy: options.settings.TRUST_PROXY,
    genReqId: () => crypto.randomUUID(),
    return503OnClosing: true,
    // A path that cannot be decoded, or a parameter too long, is refused before routing, so
    // before any hook: answered by the one error handler all the same, with the same headers.
    frameworkErrors: (error, request, reply) =>
      handleError(error, request, reply.headers(headers).header('x-request-id', request.id)),
    clientErrorHandler: (error, socket) => clientError(error, socket, headers),
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id)
    done()
  })

  await app.register(core, {
    settings: options.settings,
    secret: options.secret,
    clock: options.clock ?? (() => new Date()),
  })
  await app.register(errors)
  await app.register(db, { database: options.database })
  await app.register(fileStore)
  await app.register(security)
  await app.register(cookie)
  await app.register(openapi)
  await app.register(csrf)
  await app.register(mailer)
  await app.register(rateLimiter)
  await app.register(loginCodes)
  await app.register(refreshTokens)
  await app.register(users)
  await app.register(stages)
  await app.register(schedule)
  await app.register(notificationLog)
  await app.register(notifier)
  await app.register(housekeeping)
  await app.register(admins)
  await app.register(clients)
  await app.register(cities)
  await app.register(directory)
  await app.register(requests)
  await app.register(dataVersion)
  await app.register(adminData)
  await app.register(access)
  // Before any route: it sees every registration and refuses to start on a gap in the table.
  await app.register(routeCheck)

  await app.register(publicRoutes)
  await app.register(authRoutes)
  await app.register(clientRoutes)
  await app.register(adminRoutes)
  await app.register(spa, {
    distDir: options.distDir === undefined ? defaultDistDir : options.distDir,
  })
  return app
}
