import crypto from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify'
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
import tradeRoutes from './routes/api/trade/index'
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
  /** Standard output is a terminal, read by a person: request lines go to debug. */
  terminal?: boolean
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

/**
 * Fastify's request lines at debug rather than info, its errors as they are. On a terminal a
 * person reads the few lines that matter (ready, the sign-in code) instead of two JSON lines per
 * request; LOG_LEVEL=debug shows them again. Without a terminal (a file, a log collector) the
 * request lines stay at info.
 */
class TerminalRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest) {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request')
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (error) super.requestCompleted(error, request, reply)
    else if (!this.isLogDisabled(request)) {
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed')
    }
  }
}

/** How request lines are logged: at debug on a terminal, else as Fastify logs them. */
export const requestLog = (terminal: boolean): LogController | undefined =>
  terminal ? new TerminalRequestLog() : undefined

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const headers = securityHeaders(options.settings.PUBLIC_URL)
  const app = Fastify({
    logger: options.logger ?? loggerOptions(options.settings.LOG_LEVEL),
    logController: requestLog(options.terminal ?? false),
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
  await app.register(tradeRoutes)
  await app.register(adminRoutes)
  await app.register(spa, {
    distDir: options.distDir === undefined ? defaultDistDir : options.distDir,
  })
  return app
}
