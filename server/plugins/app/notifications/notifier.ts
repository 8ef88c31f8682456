import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { NOTICES, noticeEmail } from '../../../lib/notice-email'
import { recurringJob } from '../../../lib/recurring-job'
import { publicUrl } from '../../../lib/public-url'
import { unsubscribeToken } from '../../../lib/unsubscribe-token'
import type { Claimed, Recipient } from './notification-log'

export type Notifier = {
  /** One run of the job: claims what is due (and what a dead server left unsent), sends it. */
  run(): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    notifier: Notifier
  }
}

/**
 * The notification job (PRODUCT.md §9): every NOTIFY_INTERVAL seconds, in every server. The
 * notification log makes each email go out once however many servers run it.
 */
export default fp(
  async function notifier(app: FastifyInstance) {
    const log = app.notificationLog
    const base = publicUrl(app.settings)

    const send = async (notice: Claimed, to: Recipient) => {
      const turnOff = NOTICES[notice.kind].turnedOffBy
      const token = unsubscribeToken(app.keys.unsubscribe, { clientId: notice.clientId, turnOff })
      const links = { base, unsubscribe: `${base}/api/unsubscribe/${token}` }
      await app.mailer.deliver(noticeEmail(notice, to, links))
      await log.markSent(notice.id, app.clock())
    }

    const run: Notifier['run'] = async () => {
      const now = app.clock()
      const retried = await log.reclaim(now)
      const claimed = [...retried, ...(await log.claim(await log.due(now), now))]
      if (claimed.length === 0) return
      const recipients = await log.recipients([...new Set(claimed.map((c) => c.clientId))])
      for (const notice of claimed) {
        const to = recipients.get(notice.clientId)
        if (!to?.preferences[NOTICES[notice.kind].turnedOffBy]) {
          await log.release(notice.id)
          continue
        }
        // A failed send stays claimed and unsent: a later run retries it once the lease ends.
        await send(notice, to).catch((err: unknown) =>
          app.log.error({ err, notice }, 'notification not sent; it is retried later'),
        )
      }
    }

    app.decorate('notifier', { run })
    const every = app.settings.NOTIFY_INTERVAL * 1000
    recurringJob(app, { name: 'notification', firstMs: every, everyMs: every, run })
  },
  { name: 'notifier', dependencies: ['core', 'mailer', 'notification-log'] },
)
