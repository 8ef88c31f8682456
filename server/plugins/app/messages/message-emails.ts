// The emails of new messages (PRODUCT.md §18): to the thread's other participants, at most one
// an hour per thread per person, claimed in the database so that of several servers one sends.
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { MESSAGE_EMAIL_GAP_MS, PROJECT_THREAD, type Message } from '../../../../contract/messages'
import { rowsOf } from '../../../db/driver/client'
import {
  bidRequests,
  managerRequests,
  managers,
  messageEmails,
  messageEmailStops,
  trades,
  users,
} from '../../../db/schema'
import { messageEmail, type MessageRecipient } from '../../../lib/message-email'
import { publicUrl } from '../../../lib/public-url'
import { messagesUnsubscribeToken } from '../../../lib/unsubscribe-token'

/** A new message as its emails need it: the project's and the author's ids beside the wire's. */
export type Posted = { clientId: string; authorId: string; message: Message; title: string }

export type MessageEmails = {
  /** Claims the emails `posted` is owed and hands them to the mailer (sent in the background). */
  notify(posted: Posted): Promise<void>
  /** The one-click unsubscribe: no more message emails to this user's, manager's or trade's id. */
  stop(recipientId: string): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    messageEmails: MessageEmails
  }
}

type Claimed = {
  id: string
  email: string
  name: string
  kind: 'owner' | 'manager' | 'trade'
  /** The project owner's name, which every email names the project by. */
  owner: string
}

/**
 * The thread's participants but the author — the owner (its user id), the assigned managers
 * (their managers row: a manager may not have signed in yet), and on a step's thread the trades
 * with a request on that step that was not withdrawn — less those who unsubscribed, each
 * claimed where its last email is an hour old or more. One statement: the claim is the insert's
 * conflict update, which PostgreSQL applies to one row at a time, so racing servers claim once.
 */
const claimStatement = ({ clientId, authorId, message }: Posted, now: Date) => {
  const author = sql`(select ${users.email} from ${users} where ${users.id} = ${authorId})`
  const stepTrades =
    message.thread === PROJECT_THREAD
      ? sql``
      : sql`union all
    select distinct ${trades.id}, ${trades.email}, ${trades.contact}, 'trade'
    from ${bidRequests} join ${trades} on ${trades.id} = ${bidRequests.tradeId}
    where ${bidRequests.clientId} = ${clientId} and ${bidRequests.step} = ${message.thread}
      and ${bidRequests.status} <> 'withdrawn' and ${trades.id} <> ${authorId}`
  return sql`with recipients (id, email, name, kind) as (
    select ${users.id}, ${users.email}, ${users.name}, 'owner'
    from ${users} where ${users.id} = ${clientId} and ${users.id} <> ${authorId}
    union all
    select distinct ${managers.id}, ${managers.email}, ${managers.name}, 'manager'
    from ${managerRequests} join ${managers} on ${managers.id} = ${managerRequests.managerId}
    where ${managerRequests.clientId} = ${clientId} and ${managerRequests.status} = 'accepted'
      and ${managers.email} is distinct from ${author}
    ${stepTrades}
  ), claimed as (
    insert into ${messageEmails} (client_id, thread, recipient_id, sent_at)
    select ${clientId}::uuid, ${message.thread}::text, r.id, ${now.toISOString()}::timestamptz
    from recipients r
    where not exists (select 1 from ${messageEmailStops} s where s.recipient_id = r.id)
    on conflict (client_id, thread, recipient_id) do update set sent_at = excluded.sent_at
      where ${messageEmails.sentAt} <= excluded.sent_at - ${MESSAGE_EMAIL_GAP_MS} * interval '1 millisecond'
    returning recipient_id
  )
  select r.id, r.email, r.name, r.kind,
    (select ${users.name} from ${users} where ${users.id} = ${clientId}) as owner
  from recipients r join claimed c on c.recipient_id = r.id`
}

export default fp(
  async function messageEmailsPlugin(app: FastifyInstance) {
    const base = publicUrl(app.settings)

    const urlOf = ({ kind }: Claimed, { clientId, message }: Posted) =>
      kind === 'owner'
        ? `${base}/builder/messages?thread=${message.thread}`
        : kind === 'manager'
          ? `${base}/admin/projects/${clientId}?thread=${message.thread}`
          : null

    const notify: MessageEmails['notify'] = async (posted) => {
      const claimed = await rowsOf<Claimed>(app.db, claimStatement(posted, app.clock()))
      for (const to of claimed) {
        const recipient: MessageRecipient = { ...to, url: urlOf(to, posted) }
        const place = { title: posted.title, owner: to.owner }
        const token = messagesUnsubscribeToken(app.keys.unsubscribe, to.id)
        const unsubscribe = `${base}/api/unsubscribe/${token}`
        app.mailer.send(messageEmail(posted.message, place, recipient, unsubscribe))
      }
    }

    const stop: MessageEmails['stop'] = async (recipientId) => {
      await app.db.insert(messageEmailStops).values({ recipientId }).onConflictDoNothing()
    }

    app.decorate('messageEmails', { notify, stop } satisfies MessageEmails)
  },
  { name: 'message-emails', dependencies: ['db', 'core', 'mailer'] },
)
