// The statements of the threads' reads: a thread's summaries in one statement, and a message's
// files as they still are.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { AuthorRole, Message, ThreadId } from '../../../../contract/messages'
import { files, messages, threadReads } from '../../../db/schema'
import { wireTime } from '../../../db/wire-time'

/** A message as the statements select it. */
export type MessageRow = {
  id: string
  thread: string
  authorRole: AuthorRole
  authorName: string
  text: string
  fileIds: string[]
  createdAt: string
}

export const messageOf = (row: MessageRow): Message => ({
  id: row.id,
  thread: row.thread as ThreadId,
  author: { role: row.authorRole, name: row.authorName },
  text: row.text,
  fileIds: row.fileIds,
  createdAt: row.createdAt,
})

/** A message's files that still exist, in the order attached: a deleted file is dropped. */
export const liveFileIds = (column: AnyColumn | SQL) =>
  sql<string[]>`array(select a.id from unnest(${column}) with ordinality as a(id, n)
    where exists (select 1 from ${files} where ${files.id} = a.id) order by a.n)`

/**
 * For each of `threads`, in their order: the reader's unread count (messages after its read
 * mark by anyone else) and the newest message's columns (null in a thread without one).
 */
export function summaryStatement(
  reader: { clientId: string; id: string },
  threads: readonly ThreadId[],
): SQL {
  const list = sql.join(
    threads.map((thread) => sql`${thread}::text`),
    sql`, `,
  )
  return sql`select t.thread,
    (select count(*) from ${messages} m
      where m.client_id = ${reader.clientId} and m.thread = t.thread
        and m.created_at > coalesce(r.read_at, '-infinity'::timestamptz)
        and coalesce(m.author_user_id, m.author_trade_id) is distinct from ${reader.id}::uuid
    )::int as unread,
    last.id, last.author_role as "authorRole",
    last.author_name as "authorName", last.text, ${liveFileIds(sql`last.file_ids`)} as "fileIds",
    ${wireTime(sql`last.created_at`)} as "createdAt"
  from unnest(array[${list}]) with ordinality as t(thread, position)
  left join ${threadReads} r on r.client_id = ${reader.clientId} and r.thread = t.thread
    and r.reader_id = ${reader.id}
  left join lateral (
    select * from ${messages} m where m.client_id = ${reader.clientId} and m.thread = t.thread
    order by m.created_at desc, m.id desc limit 1
  ) last on true
  order by t.position`
}
