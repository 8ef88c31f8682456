import { and, asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Notice, NoticeBody } from '../../../../contract/notices'
import type { Db, Tx } from '../../../db/driver/client'
import { notices, trades } from '../../../db/schema'
import { badRequest, notFound } from '../../../lib/problem'

/**
 * The preliminary notices a client received (PRODUCT.md §15), each for one of their trades.
 * Another client's notice is unknown (404); another client's trade is not one of theirs (400).
 */
export type Notices = {
  /** Oldest received first. */
  list(clientId: string): Promise<Notice[]>
  create(clientId: string, notice: NoticeBody): Promise<Notice>
  /** Replaces the whole notice; its waivers stay with it. */
  edit(clientId: string, id: string, notice: NoticeBody): Promise<Notice>
  /** Deletes it and its waivers. */
  remove(clientId: string, id: string): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    notices: Notices
  }
}

type NoticeRow = typeof notices.$inferSelect

const NO_NOTICE = 'No preliminary notice has this id.'

const noticeOf = (row: NoticeRow): Notice => ({
  id: row.id,
  claimant: row.claimant,
  role: row.role,
  tradeId: row.tradeId,
  receivedOn: row.receivedOn,
  amount: row.amount,
  address: row.address,
})

/** A client's notices, oldest received first: Money lists their waivers in this order too. */
export async function noticesOf(query: Db | Tx, clientId: string): Promise<Notice[]> {
  const rows = await query
    .select()
    .from(notices)
    .where(eq(notices.clientId, clientId))
    .orderBy(asc(notices.receivedOn), asc(notices.createdAt), asc(notices.id))
  return rows.map(noticeOf)
}

const columnsOf = (notice: NoticeBody) => ({
  claimant: notice.claimant,
  role: notice.role,
  tradeId: notice.tradeId,
  receivedOn: notice.receivedOn,
  amount: notice.amount ?? null,
  address: notice.address || null,
})

export default fp(
  async function noticesRepository(app: FastifyInstance) {
    const { db } = app

    const mine = (clientId: string, id: string) =>
      and(eq(notices.id, id), eq(notices.clientId, clientId))

    /** Runs a write once the notice's trade is known to be the client's, locked until it commits. */
    const write = (
      clientId: string,
      notice: NoticeBody,
      run: (tx: Tx, columns: ReturnType<typeof columnsOf>) => Promise<NoticeRow | undefined>,
    ) =>
      db.transaction(async (tx) => {
        const [trade] = await tx
          .select({ id: trades.id })
          .from(trades)
          .where(and(eq(trades.id, notice.tradeId), eq(trades.clientId, clientId)))
          .for('share')
        if (!trade) throw badRequest({ tradeId: ['Choose one of your trades'] })
        const row = await run(tx, columnsOf(notice))
        if (!row) throw notFound(NO_NOTICE)
        return noticeOf(row)
      })

    const create: Notices['create'] = (clientId, notice) =>
      write(clientId, notice, async (tx, columns) => {
        const [row] = await tx
          .insert(notices)
          .values({ clientId, ...columns, createdAt: app.clock() })
          .returning()
        return row
      })

    const edit: Notices['edit'] = (clientId, id, notice) =>
      write(clientId, notice, async (tx, columns) => {
        const [row] = await tx.update(notices).set(columns).where(mine(clientId, id)).returning()
        return row
      })

    const remove: Notices['remove'] = async (clientId, id) => {
      const [deleted] = await db
        .delete(notices)
        .where(mine(clientId, id))
        .returning({ id: notices.id })
      if (!deleted) throw notFound(NO_NOTICE)
    }

    app.decorate('notices', {
      list: (clientId) => noticesOf(db, clientId),
      create,
      edit,
      remove,
    } satisfies Notices)
  },
  { name: 'notices', dependencies: ['db', 'core'] },
)
