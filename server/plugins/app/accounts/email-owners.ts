/**
 * A manager's email is never a client's or an admin's (PRODUCT.md §18a): it signs in as the
 * manager. Each write that gives an account or a manager an email checks the other side first,
 * in its own transaction.
 */
import { and, eq, inArray, ne } from 'drizzle-orm'
import { ProblemCode } from '../../../../contract'
import type { Db, Tx } from '../../../db/driver/client'
import { managers, users } from '../../../db/schema'
import { conflict } from '../../../lib/problem'

const emailInUse = (whose: string) =>
  conflict(`This email is ${whose}: use another one.`, ProblemCode.emailInUse)

/**
 * Refuses (409 EMAIL_IN_USE) an email of the managers' list, for a client, an admin or another
 * manager than `except`.
 */
export async function refuseManagerEmail(
  query: Db | Tx,
  email: string | undefined,
  except?: string,
) {
  if (email === undefined) return
  const [manager] = await query
    .select({ id: managers.id })
    .from(managers)
    .where(and(eq(managers.email, email), except ? ne(managers.id, except) : undefined))
    .limit(1)
  if (manager) throw emailInUse("a project manager's")
}

/** Refuses (409 EMAIL_IN_USE) the email of a client or an admin, for a manager. */
export async function refuseAccountEmail(query: Db | Tx, email: string | undefined) {
  if (email === undefined) return
  const [account] = await query
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), inArray(users.role, ['CLIENT', 'ADMIN'])))
    .limit(1)
  if (account) throw emailInUse("a client's or an admin's")
}
