import { and, eq, sql } from 'drizzle-orm'
import { MoneyProblemCode, type StepSlug } from '../../../contract'
import { defaultDraws } from '../../../contract/money-rules'
import { stepTitle } from '../../../contract/scheduling'
import type { Tx } from '../../db/client'
import { contracts, draws, payments } from '../../db/schema'
import { conflict } from '../../lib/problem'

/**
 * Holds the client's money lock until the transaction ends. Every write to a client's contracts,
 * draws, payments and change orders takes it first, so what a write checks (what was paid, the
 * plan, the contract) cannot change before it has written.
 */
export async function lockMoney(tx: Tx, clientId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`money:${clientId}`}))`)
}

/** Refuses (409) to replace or remove a contract that has payments; else deletes it (cascade). */
async function deleteUnpaid(tx: Tx, contract: typeof contracts.$inferSelect) {
  const [paid] = await tx
    .select({ id: payments.id })
    .from(payments)
    .innerJoin(draws, eq(draws.id, payments.drawId))
    .where(eq(draws.contractId, contract.id))
    .limit(1)
  if (paid)
    throw conflict(
      `${stepTitle(contract.step as StepSlug)} has payments on its accepted quote: delete them first to change the quote.`,
      MoneyProblemCode.contractHasPayments,
    )
  await tx.delete(contracts).where(eq(contracts.id, contract.id))
}

export type SignedQuote = { id: string; vendor: string; amount: number }

/**
 * The contract of an accepted quote, with the default payment plan. It replaces the step's
 * previous contract (its draws and change orders) only when nothing was paid on it (409).
 * Accepting the quote that is already the contract keeps it as it is.
 */
export async function signContract(
  tx: Tx,
  clientId: string,
  step: StepSlug,
  quote: SignedQuote,
  signedOn: string,
) {
  await lockMoney(tx, clientId)
  const [current] = await tx
    .select()
    .from(contracts)
    .where(and(eq(contracts.clientId, clientId), eq(contracts.step, step)))
  if (current?.quoteId === quote.id) return
  if (current) await deleteUnpaid(tx, current)
  const [contract] = await tx
    .insert(contracts)
    .values({
      clientId,
      step,
      quoteId: quote.id,
      vendor: quote.vendor,
      amount: quote.amount,
      signedOn,
    })
    .returning({ id: contracts.id })
  if (!contract) throw new Error('contract insert returned nothing')
  await tx.insert(draws).values(
    defaultDraws(quote.amount).map((draw, position) => ({
      clientId,
      contractId: contract.id,
      position,
      ...draw,
    })),
  )
}

/** Removing a quote removes its contract, unless something was paid on it (409). */
export async function dropContract(tx: Tx, clientId: string, step: StepSlug, quoteId: string) {
  await lockMoney(tx, clientId)
  const [current] = await tx
    .select()
    .from(contracts)
    .where(
      and(
        eq(contracts.clientId, clientId),
        eq(contracts.step, step),
        eq(contracts.quoteId, quoteId),
      ),
    )
  if (current) await deleteUnpaid(tx, current)
}
