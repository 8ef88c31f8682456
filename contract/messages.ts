/**
 * Message threads (PRODUCT.md §18, §18a): one thread for the project and one per step. The
 * owner, the project's assigned managers and (on a step's thread) the trades with a bid request
 * on that step write in them.
 */
import { z } from 'zod/mini'
import { STEP_SLUGS } from './construction'
import { Timestamp } from './domain'
import { Required } from './text'

/** The project's own thread, beside the 13 steps' (whose ids are their slugs). */
export const PROJECT_THREAD = 'project'
export const THREAD_IDS = [PROJECT_THREAD, ...STEP_SLUGS] as const
export const ThreadId = z.enum(THREAD_IDS, 'Unknown thread')
export type ThreadId = z.infer<typeof ThreadId>

export const MAX_MESSAGE_TEXT = 4000
/** A message carries at most this many of the project's files. */
export const MAX_MESSAGE_FILES = 10
/** A page of messages: the newest this many before a time. */
export const MESSAGE_PAGE = 50
/** One email per thread per person at most this often (PRODUCT.md §18). */
export const MESSAGE_EMAIL_GAP_MS = 60 * 60 * 1000

/** Who wrote a message: the owner, a manager, or a trade (its company's name). */
export const AuthorRole = z.enum(['CLIENT', 'MANAGER', 'TRADE'])
export type AuthorRole = z.infer<typeof AuthorRole>

export const Message = z.object({
  id: z.uuid(),
  thread: ThreadId,
  author: z.object({ role: AuthorRole, name: z.string() }),
  text: z.string(),
  fileIds: z.array(z.uuid()),
  createdAt: Timestamp,
})
export type Message = z.infer<typeof Message>

export const ThreadSummary = z.object({
  thread: ThreadId,
  /** "Project", or the step's title. */
  title: z.string(),
  /** Messages by others since this reader last marked the thread read. */
  unread: z.int(),
  last: z.nullable(Message),
})
export type ThreadSummary = z.infer<typeof ThreadSummary>

export const MessageBody = z.strictObject({
  text: Required(MAX_MESSAGE_TEXT),
  fileIds: z.optional(
    z.array(z.uuid()).check(z.maxLength(MAX_MESSAGE_FILES, `At most ${MAX_MESSAGE_FILES} files`)),
  ),
})
export type MessageBody = z.infer<typeof MessageBody>

export const ThreadParams = z.strictObject({ thread: ThreadId })

/**
 * Where a page of a thread ends: the oldest message held, by its createdAt (`before`) and its id
 * (`beforeId`). The page holds the newest messages older than it, those of the same millisecond
 * in id order, so two messages written in one millisecond are never split by a page's edge.
 * `before` alone pages by time.
 */
export const MessagesQuery = z
  .strictObject({
    before: z.optional(z.iso.datetime({ offset: true })),
    beforeId: z.optional(z.uuid()),
  })
  .check(
    z.refine((query) => query.beforeId === undefined || query.before !== undefined, {
      message: 'Send before with beforeId',
      path: ['beforeId'],
    }),
  )
export type MessagesQuery = z.infer<typeof MessagesQuery>
