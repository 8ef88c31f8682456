import {
  THREAD_IDS,
  type Message,
  type ThreadId,
  type ThreadSummary,
} from '../../contract/messages'

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

/** The nth message of a thread, a minute after the one before. */
export const message = (
  n: number,
  thread: ThreadId = 'project',
  text = `Message ${n}`,
): Message => ({
  id: id(5000 + n),
  thread,
  author: { role: n % 2 ? 'MANAGER' : 'CLIENT', name: n % 2 ? 'Morgan Lee' : 'Pat Swimmer' },
  text,
  fileIds: [],
  createdAt: new Date(Date.UTC(2026, 10, 1, 9, n)).toISOString(),
})

export const messages = (from: number, to: number, thread: ThreadId = 'project') =>
  Array.from({ length: to - from + 1 }, (_, i) => message(from + i, thread))

const TITLES: Partial<Record<ThreadId, string>> = { project: 'Project', excavation: 'Excavation' }

export const summary = (
  thread: ThreadId,
  unread = 0,
  last: Message | null = null,
): ThreadSummary => ({
  thread,
  title: TITLES[thread] ?? thread,
  unread,
  last,
})

/** The 14 threads, unread as given, by thread. */
export const threadList = (unread: Partial<Record<ThreadId, number>> = {}) =>
  THREAD_IDS.map((thread) => summary(thread, unread[thread] ?? 0))
