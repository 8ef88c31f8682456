import multipart from '@fastify/multipart'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { TRADE_SESSION_COOKIE, TradeFileBody } from '../../../../contract/bids'
import { sendDownload } from '../../../lib/exports/send-download'
import { routeOf } from '../../../lib/route-of'
import { readUpload, UPLOAD_LIMITS } from '../../../lib/upload'
import { tradeRequestOf } from '../../../plugins/core/access'
import { requireOwnOrigin } from '../../../plugins/core/csrf'
import { linkHash } from '../../../plugins/app/bids/link'
import { codeEmail } from '../code-email'
import { CODE_TTL_MS } from '../../../plugins/app/accounts/login-codes'
import tradeMessageRoutes from './messages'
import { clearTradeCookie, setTradeCookie } from './trade-cookie'

/**
 * A trade's upload, in a context of its own as the owner's is (files.ts): only from our own
 * origin, through the same pipeline (sniffed, stripped, 20 MB), stored as the owner's file on
 * the request's step and recorded as the trade's.
 */
const tradeUploadRoute: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: false })
  app.removeContentTypeParser(['application/json'])
  app.route({
    ...routeOf('tradeUpload'),
    preValidation: async (request) => requireOwnOrigin(request),
    handler: async (request, reply) => {
      const bid = tradeRequestOf(request)
      const { staged, fields } = await readUpload(request, app.stagingDir, TradeFileBody)
      const stored = await app.files.add(bid.clientId, staged, { ...fields, step: bid.step })
      await app.tradePortal.recordFile(bid, stored.id)
      return reply.code(201).send({ Data: stored })
    },
  })
}

/** The trade portal's calls (PRODUCT.md §14): the link's sign-in, then the session's calls. */
const tradeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { settings } = app
  await app.register(tradeUploadRoute)
  await app.register(tradeMessageRoutes)

  app.route({
    ...routeOf('tradeLink'),
    handler: async (request) => {
      await app.rateLimiter.hit(`trade-link:ip:${request.ip}`, settings.VERIFY_LIMIT_PER_IP)
      return { Data: await app.tradePortal.link(request.body.token) }
    },
  })

  app.route({
    ...routeOf('tradeLogin'),
    handler: async (request) => {
      const { token } = request.body
      await app.rateLimiter.hit(`trade-login:ip:${request.ip}`, settings.LOGIN_LIMIT_PER_IP)
      await app.rateLimiter.hit(
        `trade-login:link:${linkHash(app, token)}`,
        settings.LOGIN_LIMIT_PER_EMAIL,
      )
      const { to, sentTo, code } = await app.tradePortal.login(token)
      app.mailer.send(codeEmail(to, code, CODE_TTL_MS / 60_000))
      return { Data: { sentTo } }
    },
  })

  app.route({
    ...routeOf('tradeVerify'),
    handler: async (request, reply) => {
      await app.rateLimiter.hit(`verify:ip:${request.ip}`, settings.VERIFY_LIMIT_PER_IP)
      const { cookie, view } = await app.tradePortal.verify(request.body.token, request.body.code)
      setTradeCookie(reply, cookie)
      return { Data: view }
    },
  })

  app.route({
    ...routeOf('tradeView'),
    handler: async (request) => ({ Data: await app.tradePortal.view(tradeRequestOf(request)) }),
  })

  app.route({
    ...routeOf('tradeBid'),
    handler: async (request) => ({
      Data: await app.tradePortal.bid(tradeRequestOf(request), request.body),
    }),
  })

  app.route({
    ...routeOf('tradeDecline'),
    handler: async (request) => ({
      Data: await app.tradePortal.decline(tradeRequestOf(request), request.body.reason),
    }),
  })

  app.route({
    ...routeOf('tradeDates'),
    handler: async (request) => ({
      Data: await app.tradePortal.dates(tradeRequestOf(request), request.body),
    }),
  })

  app.route({
    ...routeOf('tradeWaiverPdf'),
    handler: async (request, reply: FastifyReply) => {
      const { form } = request.params
      const ask = { form, ...request.query }
      const pdf = await app.exports.tradeWaiver(tradeRequestOf(request), ask)
      return sendDownload(reply, `${form}-waiver.pdf`, pdf)
    },
  })

  app.route({
    ...routeOf('tradePaymentRequest'),
    handler: async (request, reply) => {
      const view = await app.tradePortal.requestPayment(tradeRequestOf(request), request.body)
      return reply.code(201).send({ Data: view })
    },
  })

  app.route({
    ...routeOf('tradeLienWaiver'),
    handler: async (request) => ({
      Data: await app.tradePortal.sendLienWaiver(tradeRequestOf(request), request.body),
    }),
  })

  app.route({
    ...routeOf('tradeSignOut'),
    handler: async (request, reply) => {
      await app.tradePortal.signOut(request.cookies[TRADE_SESSION_COOKIE])
      clearTradeCookie(reply)
      return { Data: {} }
    },
  })
}

export default tradeRoutes
