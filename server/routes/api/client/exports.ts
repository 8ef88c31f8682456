import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { sendDownload } from '../../../lib/exports/send-download'
import { routeOf } from '../../../lib/route-of'
import { identityOf } from '../../../plugins/core/access'

/** The owner's lien-safe payments files (PRODUCT.md §15): the waiver forms and the exports. */
const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf('waiverPdf'),
    handler: async (request, reply: FastifyReply) => {
      const { form } = request.params
      const pdf = await app.exports.waiver(identityOf(request).id, { form, ...request.query })
      return sendDownload(reply, `${form}-waiver.pdf`, pdf)
    },
  })

  app.route({
    ...routeOf('quickbooksBills'),
    handler: async (request, reply: FastifyReply) =>
      sendDownload(
        reply,
        'quickbooks-bills.csv',
        await app.exports.quickbooks(identityOf(request).id),
      ),
  })

  app.route({
    ...routeOf('xeroBills'),
    handler: async (request, reply: FastifyReply) =>
      sendDownload(reply, 'xero-bills.csv', await app.exports.xero(identityOf(request).id)),
  })

  app.route({
    ...routeOf('scheduleOfValuesCsv'),
    handler: async (request, reply: FastifyReply) => {
      const { through } = request.query
      const csv = await app.exports.scheduleCsv(identityOf(request).id, through)
      return sendDownload(reply, `schedule-of-values-${through}.csv`, csv)
    },
  })

  app.route({
    ...routeOf('scheduleOfValuesPdf'),
    handler: async (request, reply: FastifyReply) => {
      const { through } = request.query
      const pdf = await app.exports.schedulePdf(identityOf(request).id, through)
      return sendDownload(reply, `schedule-of-values-${through}.pdf`, pdf)
    },
  })
}

export default exportRoutes
