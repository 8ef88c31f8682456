import { inArray } from 'drizzle-orm'
import type { Db } from '../../../db/driver/client'
import { files } from '../../../db/schema'
import type { FileStore } from '../../../lib/storage/types'

/**
 * How old unclaimed bytes in a shared bucket must be before the sweep takes them: another
 * server may be between storing an upload's bytes and inserting its row (seconds, at most).
 * A disk store belongs to one server, which sweeps before it listens, so nothing is in flight.
 */
export const SHARED_STORE_GRACE_MS = 15 * 60 * 1000

/**
 * The start-up sweep: removes bytes no row names (a crash between storing and inserting, or
 * between deleting a row and its bytes), leftovers of writes cut off, and rows whose bytes are
 * not all there (so no file is listed that cannot be served). Answers what it removed.
 */
export async function sweepStore(db: Db, store: FileStore, now: Date) {
  const rows = await db.select({ id: files.id, variants: files.variants }).from(files)
  const expected = new Map(rows.map((row) => [row.id, row.variants]))
  const found = new Map<string, Set<string>>()
  const cutoff = now.getTime() - (store.kind === 's3' ? SHARED_STORE_GRACE_MS : 0)
  const orphans: string[] = []
  for await (const object of store.list()) {
    if (object.leftover) orphans.push(object.name)
    else if (expected.get(object.fileId)?.includes(object.variant))
      found.set(object.fileId, (found.get(object.fileId) ?? new Set()).add(object.variant))
    else if (object.modifiedAt.getTime() <= cutoff) orphans.push(object.name)
  }
  const broken = rows
    .filter((row) => row.variants.some((variant) => !found.get(row.id)?.has(variant)))
    .map((row) => row.id)
  if (broken.length > 0) await db.delete(files).where(inArray(files.id, broken))
  await store.remove(broken)
  await store.removeObjects(orphans)
  return { objects: orphans.length, rows: broken.length }
}
