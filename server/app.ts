import crypto from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { z } from 'zod/mini'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Database } from './db/driver/client'
import { fieldMessage } from './lib/field-messages'
import core from './plugins/core/core'
import { clientError, handleError } from './plugins/core/errors'
import db from './plugins/external/db'
import { securityHeaders } from './plugins/external/security'
import spa from './plugins/external/spa'
import { plugins } from './plugins/index'
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
  await app.register(db, { database: options.database })
  for (const plugin of plugins) await app.register(plugin)

  await app.register(publicRoutes)
  await app.register(authRoutes)
  await app.register(clientRoutes)
  await app.register(adminRoutes)
  await app.register(spa, {
    distDir: options.distDir === undefined ? defaultDistDir : options.distDir,
  })
  return app
}
