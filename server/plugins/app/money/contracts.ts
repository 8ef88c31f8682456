import { sql, type SQL } from 'drizzle-orm'
import { MoneyProblemCode, type StepSlug } from '../../../../contract'
import { DEPOSIT_CAP, DEPOSIT_RATE } from '../../../../contract/money-rules'
import { stepTitle } from '../../../../contract/scheduling'
import type { Tx } from '../../../db/driver/client'
import { conflict } from '../../../lib/problem'

/** The name of a client's money lock, hashed to the advisory lock's key. */
export const moneyLockKey = (clientId: string) => `money:${clientId}`

/**
 * Holds the client's money lock until the transaction ends. Every write to a client's contracts,
 * draws, payments and change orders takes it first, so what a write checks (what was paid, the
 * plan, the contract) cannot change before it has written.
 */
export async function lockMoney(tx: Tx, clientId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${moneyLockKey(clientId)}))`)
}

/**
 * A contract with payments is never replaced or removed: the payments' foreign key refuses to
 * lose its draw, which deleting the contract would take with it.
 */
export const PAID_DRAW_CONSTRAINT = 'payments_draw_id_draws_id_fk'

export const contractHasPayments = (step: StepSlug) =>
  conflict(
    `${stepTitle(step)} has payments on its accepted quote: delete them first to change the quote.`,
    MoneyProblemCode.contractHasPayments,
  )

/**
 * `defaultDraws` (contract/money-rules.ts) as rows of (position, label, amount, due), for a
 * contract a statement signs for `amount`. The deposit is rounded as Math.round rounds a
 * positive float, floor(x + 0.5); tests/server/contracts.test.ts holds the two to the same plans.
 */
export const defaultDrawsOf = (amount: SQL) => sql`
  select v.position - case when d.deposit > 0 then 0 else 1 end as position, v.label, v.amount,
    v.due
  from (
    select least(floor(${amount} * ${DEPOSIT_RATE}::float8 + 0.5)::integer,
      ${DEPOSIT_CAP}::integer) as deposit
  ) d, lateral (
    values (0, 'Deposit', d.deposit, 'signing'), (1, 'Balance', ${amount} - d.deposit, 'done')
  ) v (position, label, amount, due)
  where v.position = 1 or d.deposit > 0`
