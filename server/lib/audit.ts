import type { Db, Tx } from '../db/client'
import { auditLog } from '../db/schema'

export type AuditEntry = {
  actorId: string
  action: 'create' | 'edit' | 'delete'
  entity: string
  entityId: string
  before?: unknown
  after?: unknown
}

/** Records an admin write; called inside the write's own transaction, so both or neither land. */
export async function audit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  })
}

/** What a write answers, and the audit row that describes it. */
export type Audited<T> = Omit<AuditEntry, 'actorId'> & { data: T }

/**
 * Runs a write and records it in one transaction. The write must say what it did, so no admin
 * write can forget its audit row; a failure of either rolls back both.
 */
export function audited<T>(
  db: Db,
  actorId: string,
  write: (tx: Tx) => Promise<Audited<T>>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const { data, ...entry } = await write(tx)
    await audit(tx, { actorId, ...entry })
    return data
  })
}
