import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { escapeHtml } from '../../../lib/html'
import { notFound } from '../../../lib/problem'
import { routeOf } from '../../../lib/route-of'
import { readUnsubscribeToken, type Unsubscribe } from '../../../lib/unsubscribe-token'

const ABOUT: Record<Unsubscribe['turnOff'], string> = {
  inspectionReminders: 'inspections',
  stepUpdates: 'step updates',
  warrantyReminders: 'warranties',
  tradeInsurance: "trades' insurance",
  messages: 'new messages',
}

/** Where the emails can be turned on again: message emails stay off once stopped. */
const againOn = ({ turnOff }: Unsubscribe) =>
  turnOff === 'messages' ? '' : ' You can turn them on again on your Overview page.'

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)} · PoolPath</title></head>
<body><main><h1>${escapeHtml(title)}</h1>
${body}
</main></body></html>`

/**
 * The unsubscribe link of every notification email (RFC 8058). Opening it changes nothing (mail
 * scanners open links); it shows one button that posts the same form a mail app's one-click
 * unsubscribe posts.
 */
const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  // RFC 8058's POST is a form (`List-Unsubscribe=One-Click`): accepted, and nothing in it is read.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, null),
  )

  const linkOf = async (request: FastifyRequest, token: string): Promise<Unsubscribe> => {
    const found = readUnsubscribeToken(app.keys.unsubscribe, token)
    // A message stop needs no account: its recipient may be a trade or a manager not signed in.
    if (found && !('clientId' in found)) return found
    if (found && (await app.notificationPreferences.exists(found.clientId))) return found
    await app.rateLimiter.hit(`secret:ip:${request.ip}`, app.settings.VERIFY_LIMIT_PER_IP)
    throw notFound('This unsubscribe link is not valid.')
  }

  const html = (reply: FastifyReply, text: string) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(text)

  app.route({
    ...routeOf('unsubscribePage'),
    handler: async (request, reply) => {
      const link = await linkOf(request, request.params.token)
      const form = `<p>Stop the emails about ${ABOUT[link.turnOff]}?${againOn(link)}</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Unsubscribe</button></form>`
      return html(reply, page('Unsubscribe', form))
    },
  })

  app.route({
    ...routeOf('unsubscribe'),
    handler: async (request, reply) => {
      const link = await linkOf(request, request.params.token)
      const { turnOff } = link
      if ('clientId' in link) await app.notificationPreferences.turnOff(link.clientId, link.turnOff)
      else await app.messageEmails.stop(link.recipientId)
      // The page's own form asks for a page back; a mail app's one-click POST reads nothing.
      if (request.headers.accept?.includes('text/html')) {
        const done = `<p>You will no longer get emails about ${ABOUT[turnOff]}.</p>`
        return html(reply, page('Unsubscribed', done))
      }
      return { Data: { turnedOff: turnOff } }
    },
  })
}

export default unsubscribeRoutes
