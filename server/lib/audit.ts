import type { Tx } from '../db/client'
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
