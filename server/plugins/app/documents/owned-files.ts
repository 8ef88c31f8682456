import { and, eq, inArray } from 'drizzle-orm'
import type { Db, Tx } from '../../../db/driver/client'
import { files } from '../../../db/schema'
import { notFound } from '../../../lib/problem'

/**
 * The client's own files among `ids`, or a 404 naming none of them when any is not theirs:
 * another client's file is as unknown as one that never was. In a transaction the rows stay
 * locked against deletion, in id order (the lock a link's foreign key takes, taken up front): a
 * delete that locked a file first is waited out, and its file is then unknown too, not a link's
 * foreign-key 500.
 */
export async function ownFiles(query: Db | Tx, clientId: string, ids: readonly string[]) {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return []
  const rows = await query
    .select()
    .from(files)
    .where(and(eq(files.clientId, clientId), inArray(files.id, unique)))
    .orderBy(files.id)
    .for('key share')
  if (rows.length !== unique.length) throw notFound('No such file.')
  return rows
}
