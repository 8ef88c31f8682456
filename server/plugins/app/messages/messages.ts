// The project's message threads (PRODUCT.md §18, §18a): the 14 threads with their unread
// counts, a page of one thread's messages, a new message, and a reader's read mark.
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { stepTitle } from '../../../../contract/scheduling'
import {
  MESSAGE_PAGE,
  PROJECT_THREAD,
  THREAD_IDS,
  type AuthorRole,
  type Message,
  type MessageBody,
  type MessagesQuery,
  type ThreadId,
  type ThreadSummary,
} from '../../../../contract/messages'
import { rowsOf } from '../../../db/driver/client'
import { files, messages, threadReads, tradeFiles, users } from '../../../db/schema'
import { badRequest } from '../../../lib/problem'
import { liveFileIds, messageOf, summaryStatement, type MessageRow } from './thread-sql'

/** Who reads a project's threads: the owner's, a manager's or an admin's user id, or a trade's. */
export type Reader = { clientId: string; id: string }

/** Who writes: the owner or a manager (named as its user is), or a trade (by its company). */
export type Author = Reader &
  ({ role: Exclude<AuthorRole, 'TRADE'> } | { role: 'TRADE'; company: string; requestId: string })

export type Messages = {
  /** The 14 threads, the project's first, each with this reader's unread count and its last. */
  threads(reader: Reader): Promise<ThreadSummary[]>
  /** The newest MESSAGE_PAGE messages before the query's message (all, without one), oldest first. */
  page(clientId: string, thread: ThreadId, query: MessagesQuery): Promise<Message[]>
  /** Writes a message and emails the thread's other participants (at most hourly). */
  post(author: Author, thread: ThreadId, body: MessageBody): Promise<Message>
  /** Marks the thread read up to now for this reader: its summary, unread 0. */
  read(reader: Reader, thread: ThreadId): Promise<ThreadSummary>
}

declare module 'fastify' {
  interface FastifyInstance {
    messages: Messages
  }
}

export const threadTitle = (thread: ThreadId) =>
  thread === PROJECT_THREAD ? 'Project' : stepTitle(thread)

const attachError = (role: AuthorRole) =>
  badRequest({
    fileIds: [
      role === 'TRADE'
        ? 'Attach only files you uploaded on this bid request'
        : 'Attach only files of this project',
    ],
  })

export default fp(
  async function messagesRepository(app: FastifyInstance) {
    const { db } = app

    const summaries = async (reader: Reader, only: readonly ThreadId[]) => {
      type Row = Omit<MessageRow, 'id' | 'thread'> & { id: string | null; thread: ThreadId }
      const rows = await rowsOf<Row & { unread: number }>(db, summaryStatement(reader, only))
      return rows.map(({ unread, ...last }): ThreadSummary => ({
        thread: last.thread,
        title: threadTitle(last.thread),
        unread: Number(unread),
        last: last.id ? messageOf({ ...last, id: last.id }) : null,
      }))
    }

    /** The ids among `fileIds` the author may attach: the project's, or the trade's uploads. */
    const attachable = async (author: Author, fileIds: string[]) => {
      const unique = [...new Set(fileIds)]
      if (unique.length === 0) return unique
      const found =
        author.role === 'TRADE'
          ? await db
              .select({ id: files.id })
              .from(tradeFiles)
              .innerJoin(files, eq(files.id, tradeFiles.fileId))
              .where(
                and(
                  eq(tradeFiles.bidRequestId, author.requestId),
                  eq(files.clientId, author.clientId),
                  inArray(tradeFiles.fileId, unique),
                ),
              )
          : await db
              .select({ id: files.id })
              .from(files)
              .where(and(eq(files.clientId, author.clientId), inArray(files.id, unique)))
      if (found.length !== unique.length) throw attachError(author.role)
      return unique
    }

    const post: Messages['post'] = async (author, thread, body) => {
      const fileIds = await attachable(author, body.fileIds ?? [])
      const byTrade = author.role === 'TRADE'
      const [row] = await db
        .insert(messages)
        .values({
          clientId: author.clientId,
          thread,
          authorRole: author.role,
          authorName: byTrade
            ? author.company
            : sql`(select ${users.name} from ${users} where ${users.id} = ${author.id})`,
          authorUserId: byTrade ? null : author.id,
          authorTradeId: byTrade ? author.id : null,
          text: body.text,
          fileIds,
          createdAt: app.clock(),
        })
        .returning()
      if (!row) throw new Error('the message was not written')
      const message: Message = {
        id: row.id,
        thread,
        author: { role: row.authorRole, name: row.authorName },
        text: row.text,
        fileIds: row.fileIds,
        createdAt: row.createdAt.toISOString(),
      }
      const posted = { clientId: author.clientId, authorId: author.id, message }
      // The message is written: a failed claim costs its emails, never the post's answer.
      await app.messageEmails
        .notify({ ...posted, title: threadTitle(thread) })
        .catch((err: unknown) => app.log.error({ err, thread }, 'message emails not claimed'))
      return message
    }

    const page: Messages['page'] = async (clientId, thread, { before, beforeId }) => {
      // The order of the page: time, then id among messages of the same millisecond.
      const olderThan =
        before === undefined
          ? undefined
          : beforeId === undefined
            ? lt(messages.createdAt, new Date(before))
            : sql`(${messages.createdAt}, ${messages.id}) < (${before}::timestamptz, ${beforeId}::uuid)`
      const rows = await db
        .select({
          id: messages.id,
          thread: messages.thread,
          authorRole: messages.authorRole,
          authorName: messages.authorName,
          text: messages.text,
          fileIds: liveFileIds(messages.fileIds),
          createdAt: messages.createdAt,
        })
        .from(messages)
        .where(and(eq(messages.clientId, clientId), eq(messages.thread, thread), olderThan))
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(MESSAGE_PAGE)
      return rows.reverse().map((r) => messageOf({ ...r, createdAt: r.createdAt.toISOString() }))
    }

    const read: Messages['read'] = async (reader, thread) => {
      await db
        .insert(threadReads)
        .values({ clientId: reader.clientId, thread, readerId: reader.id, readAt: app.clock() })
        .onConflictDoUpdate({
          target: [threadReads.clientId, threadReads.thread, threadReads.readerId],
          set: { readAt: sql`excluded.read_at` },
        })
      const [summary] = await summaries(reader, [thread])
      if (!summary) throw new Error('the thread has no summary')
      return summary
    }

    app.decorate('messages', {
      threads: (reader) => summaries(reader, THREAD_IDS),
      page,
      post,
      read,
    } satisfies Messages)
  },
  { name: 'messages', dependencies: ['db', 'core', 'message-emails'] },
)
