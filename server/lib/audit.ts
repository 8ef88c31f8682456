import type { FastifyInstance } from 'fastify'
import type { Db, Tx } from '../db/driver/client'
import { auditLog } from '../db/schema'
import { isUniqueViolation } from './db-errors'
import { conflict, notFound } from './problem'

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

/**
 * An admin's write and its audit row, in one transaction. A unique index's refusal becomes a
 * 409 saying `duplicate`: checking first would race with a concurrent write, the index does not.
 */
export async function adminWrite<T>(
  db: Db,
  actorId: string,
  write: (tx: Tx) => Promise<Audited<T>>,
  duplicate?: string,
): Promise<T> {
  try {
    return await audited(db, actorId, write)
  } catch (error) {
    if (duplicate !== undefined && isUniqueViolation(error)) throw conflict(duplicate)
    throw error
  }
}

/** The row an id named, or the 404 that rolls the write back. */
export function found<T>(row: T | undefined, what: string): T {
  if (row === undefined) throw notFound(`No ${what} has this id.`)
  return row
}

export const EMAIL_TAKEN = 'An account already uses this email.'

/**
 * An admin write to a user's account: a taken email is a 409, and their cached identity (role,
 * Flag) is dropped once it has committed, so their next call sees the change, or their
 * deletion, at once.
 */
export async function accountWrite<T>(
  app: FastifyInstance,
  actorId: string,
  userId: string,
  write: (tx: Tx) => Promise<Audited<T>>,
): Promise<T> {
  const data = await adminWrite(app.db, actorId, write, EMAIL_TAKEN)
  app.users.forget(userId)
  return data
}

/** What the back office does with one kind of item; every write is audited as `actorId`'s. */
export type ItemWrites<Input, Edit, Item> = {
  /** Read with `query`: a transaction's, to be consistent with its other reads. */
  list(query?: Db | Tx): Promise<Item[]>
  create(actorId: string, input: Input): Promise<Item>
  edit(actorId: string, id: string, edit: Edit): Promise<Item>
  remove(actorId: string, id: string): Promise<void>
}
