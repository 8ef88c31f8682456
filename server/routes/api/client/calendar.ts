import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { calendarFeed } from '../../../lib/calendar-feed'
import { hmac } from '../../../lib/crypto'
import { notFound } from '../../../lib/problem'
import { publicUrl } from '../../../lib/public-url'
import { routeOf } from '../../../lib/route-of'
import { identityOf } from '../../../plugins/core/access'

/** The client's calendar subscription: a secret address, and the feed it serves. */
const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf('rotateCalendarToken'),
    handler: async (request) => {
      const token = await app.calendars.rotate(identityOf(request).id)
      return { Data: { url: `${publicUrl(app.settings)}/api/calendar/${token}.ics` } }
    },
  })

  app.route({
    ...routeOf('calendarFeed'),
    handler: async (request, typedReply) => {
      const reply: FastifyReply = typedReply
      const clientId = await app.calendars.clientOf(request.params.token)
      if (!clientId) {
        // Only misses count: calendar services fetch many feeds from a few addresses.
        await app.rateLimiter.hit(`secret:ip:${request.ip}`, app.settings.VERIFY_LIMIT_PER_IP)
        throw notFound('No calendar has this address.')
      }
      const projectUid = hmac(app.keys.calendarUid, clientId).slice(0, 22)
      const feed = calendarFeed(projectUid, await app.timelines.get(clientId))
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-cache')
        .send(feed)
    },
  })
}

export default calendarRoutes
