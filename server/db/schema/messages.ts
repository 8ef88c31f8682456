// The project's message threads (PRODUCT.md §18): messages, who has read what, and the emails.
import { sql } from 'drizzle-orm'
import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { at, createdAt } from './columns'
import { clientId, ownedByClient } from './client-column'
import { trades } from './trades'

/**
 * A message on one of a project's threads (`project` or a step's slug). The author's role and
 * name are kept as written, so a deleted manager or trade leaves the thread readable.
 */
export const messages = pgTable(
  'messages',
  {
    ...ownedByClient(),
    thread: text('thread').notNull(),
    authorRole: text('author_role', { enum: ['CLIENT', 'MANAGER', 'TRADE'] }).notNull(),
    authorName: text('author_name').notNull(),
    /** The owner or manager who wrote it; null for a trade's, or once that user is deleted. */
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The trade who wrote it; null otherwise, or once that trade is deleted. */
    authorTradeId: uuid('author_trade_id').references(() => trades.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    /** The project's files attached (PRODUCT.md §11); a deleted file is dropped on read. */
    fileIds: uuid('file_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_thread_idx').on(t.clientId, t.thread, t.createdAt),
    index('messages_author_user_idx').on(t.authorUserId),
    index('messages_author_trade_idx').on(t.authorTradeId),
  ],
)

/**
 * How far a reader has read a thread: a user's id (the owner, a manager) or a trade's. The
 * messages after `readAt` by anyone else are its unread.
 */
export const threadReads = pgTable(
  'thread_reads',
  {
    clientId: clientId(),
    thread: text('thread').notNull(),
    readerId: uuid('reader_id').notNull(),
    readAt: at('read_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.thread, t.readerId] })],
)

/**
 * The last email about new messages on a thread to one person (a user's or a trade's id):
 * claimed by an update that only succeeds an hour after the last, so of several servers one
 * sends, and a person gets at most one an hour per thread.
 */
export const messageEmails = pgTable(
  'message_emails',
  {
    clientId: clientId(),
    thread: text('thread').notNull(),
    recipientId: uuid('recipient_id').notNull(),
    sentAt: at('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.thread, t.recipientId] })],
)

/** Who turned message emails off with the one-click link: a user's id or a trade's. */
export const messageEmailStops = pgTable('message_email_stops', {
  recipientId: uuid('recipient_id').primaryKey(),
  createdAt: createdAt(),
})
