import { z } from 'zod/mini'
import { AdminClient, AdminFetchData, BuilderRequest, ManagerRequest } from '../../contract'
import type { AdminContext } from './admin.types'

/**
 * Checking a fetch answer against the contract is most of the time between its last byte and
 * the Clients section's rows: at 10,000 clients, 13,000 client rows (the Clients, those with a
 * perk, those waiting) and 3,000 requests through zod, which a page without `eval` (our CSP)
 * checks field by field. The answer is taken in after a first look, and the rows of its long
 * lists are checked in slices once they are on screen (the `checking` state), before anything
 * is stored.
 */

/** A row taken on trust until `checkRows` has checked it against its list's schema. */
const unchecked = <T>() => z.custom<T>((row) => typeof row === 'object' && row !== null)

/** The fetch answer with every list checked but the rows of the lists that grow with clients. */
export const AdminFetchFirstLook = z.extend(AdminFetchData, {
  Clients: z.array(unchecked<AdminClient>()),
  UsersWithPerks: z.array(unchecked<AdminClient>()),
  UsersOnWaiting: z.array(unchecked<AdminClient>()),
  BuilderRequests: z.array(unchecked<BuilderRequest>()),
  ManagerRequests: z.array(unchecked<ManagerRequest>()),
})

/** The lists whose rows the first look took on trust, as the admin state names them. */
export type RowLists = Pick<
  AdminContext,
  'Clients' | 'UsersWithPerks' | 'UsersOnWaitingList' | 'BuilderRequests' | 'ManagerRequests'
>

const clientRows = z.array(AdminClient)

/** Each list whose rows are checked after the first look, with the schema of a slice of them. */
const ROW_CHECKS = [
  ['Clients', clientRows],
  ['UsersWithPerks', clientRows],
  ['UsersOnWaitingList', clientRows],
  ['BuilderRequests', z.array(BuilderRequest)],
  ['ManagerRequests', z.array(ManagerRequest)],
] as const satisfies readonly (readonly [keyof RowLists, z.ZodMiniType])[]

/** About 5 ms of checking: a frame or a keystroke never waits longer for it. */
const ROWS_PER_SLICE = 500

/** Lets the page paint and handle input before the next slice. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/** Resolves once every row fits the contract; rejects at the first slice that does not. */
export async function checkRows(lists: RowLists, signal: AbortSignal): Promise<undefined> {
  for (const [name, schema] of ROW_CHECKS) {
    const rows: readonly unknown[] = lists[name]
    for (let start = 0; start < rows.length; start += ROWS_PER_SLICE) {
      await nextTask()
      signal.throwIfAborted()
      const checked = schema.safeParse(rows.slice(start, start + ROWS_PER_SLICE))
      if (!checked.success) {
        throw new Error(`The admin data could not be loaded: a row of ${name} does not fit.`, {
          cause: checked.error,
        })
      }
    }
  }
  return undefined
}
