import multipart from '@fastify/multipart'
import { create as contentDisposition } from 'content-disposition'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { UploadFields } from '../../../../contract/documents'
import { forbidden, notFound } from '../../../lib/problem'
import { routeOf } from '../../../lib/route-of'
import { checkFileSignature } from '../../../lib/signed-url'
import { readUpload, UPLOAD_LIMITS } from '../../../lib/upload'
import { identityOf } from '../../../plugins/core/access'

/**
 * The upload, in a context of its own: the multipart parser exists only here, so every other
 * call still takes JSON alone (the CSRF rule of PRODUCT.md §4).
 */
const uploadRoute: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: false })
  app.removeContentTypeParser(['application/json'])
  app.route({
    ...routeOf('uploadFile'),
    handler: async (request, reply) => {
      // A client that cancels once its bytes are here hangs up while they are processed: its
      // connection closes before the answer is sent, and the file is not kept.
      const hungUp = new AbortController()
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) hungUp.abort()
      })
      const { staged, fields } = await readUpload(request, app.stagingDir, UploadFields)
      const stored = await app.files.add(identityOf(request).id, staged, fields, hungUp.signal)
      return reply.code(201).send({ Data: stored })
    },
  })
}

/** Photos and documents: upload, list, delete, and the bytes behind a signed address. */
const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(uploadRoute)

  app.route({
    ...routeOf('files'),
    handler: async (request) => ({
      Data: await app.files.list(identityOf(request).id, request.query),
    }),
  })

  app.route({
    ...routeOf('deleteFile'),
    handler: async (request) => {
      await app.files.remove(identityOf(request).id, request.params.id)
      return { Data: { id: request.params.id } }
    },
  })

  app.route({
    ...routeOf('fileVariant'),
    // A signature that is missing or malformed is a wrong one (403), not a form to correct.
    attachValidation: true,
    handler: async (request, typedReply) => {
      const reply: FastifyReply = typedReply
      const invalid = request.validationError
      if (invalid && invalid.validationContext !== 'querystring') throw invalid
      const { id, variant } = request.params
      const now = app.clock()
      const check = invalid
        ? 'wrong'
        : checkFileSignature(app.keys.fileUrl, { id, variant, ...request.query }, now)
      if (check === 'wrong') {
        // Only forgeries count: an address left open past its expiry is no attack.
        await app.rateLimiter.hit(`secret:ip:${request.ip}`, app.settings.VERIFY_LIMIT_PER_IP)
        throw forbidden('This address is not valid.')
      }
      if (check === 'expired')
        throw forbidden('This address has expired: reload the page for a new one.')
      const opened = await app.files.open(id, variant)
      if (!opened) throw notFound('No such file.')
      const { row, body, size } = opened
      const secondsLeft = Number(request.query.exp) - Math.floor(now.getTime() / 1000)
      const disposition = row.contentType === 'application/pdf' ? 'attachment' : 'inline'
      return reply
        .type(row.contentType)
        .headers({
          'content-length': String(size),
          'x-content-type-options': 'nosniff',
          'content-disposition': contentDisposition(row.name, { type: disposition }),
          'cache-control': `private, max-age=${Math.max(0, secondsLeft)}`,
        })
        .send(body)
    },
  })
}

export default fileRoutes
