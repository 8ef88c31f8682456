import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Tx } from '../../../db/client'
import { audited, type Audited } from '../../../lib/audit'
import { isUniqueViolation } from '../../../lib/db-errors'
import { conflict, notFound } from '../../../lib/problem'
import { identityOf } from '../../../plugins/app/access'

/**
 * An admin's write and its audit row, in one transaction. A unique index's refusal becomes a
 * 409 saying `duplicate`: checking first would race with a concurrent write, the index does not.
 */
export async function adminWrite<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  write: (tx: Tx) => Promise<Audited<T>>,
  duplicate?: string,
): Promise<T> {
  try {
    return await audited(app.db, identityOf(request).id, write)
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
