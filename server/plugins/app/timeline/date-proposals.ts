// The trades' date proposals as the owner's Timeline shows and answers them (PRODUCT.md §14,
// §18a); the trade side, which makes them, is bids/trade-answers.ts.
import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm'
import { StepSlug } from '../../../../contract/construction'
import {
  TimelineProblemCode,
  type DateProposal,
  type DateProposalAnswer,
} from '../../../../contract/timeline'
import type { Tx } from '../../../db/driver/client'
import { bidRequests, dateProposals, trades, users } from '../../../db/schema'
import { wireTime } from '../../../db/wire-time'
import { conflict, notFound } from '../../../lib/problem'

const NO_PROPOSAL = 'No date proposal has this id.'
const ANSWERED = 'This proposal was already answered.'

/** A proposal as its JSON has it: a step that is no longer one is left out. */
export type ProposalJson = Omit<DateProposal, 'step'> & { step: string }

/** A client's proposals as JSON, newest first, each named by its trade's company. */
export const proposalsJson = (clientId: Placeholder | SQL): SQL =>
  sql`select coalesce(json_agg(json_build_object('id', ${dateProposals.id},
      'step', ${dateProposals.step}, 'company', ${trades.company}, 'start', ${dateProposals.start},
      'note', ${dateProposals.note}, 'status', ${dateProposals.status},
      'createdAt', ${wireTime(dateProposals.createdAt)})
      order by ${dateProposals.createdAt} desc, ${dateProposals.id} desc), '[]')
    from ${dateProposals}
      join ${bidRequests} on ${eq(bidRequests.id, dateProposals.bidRequestId)}
      join ${trades} on ${eq(trades.id, bidRequests.tradeId)}
    where ${dateProposals.clientId} = ${clientId}`

/** The proposal as the Timeline shows it, or none for a step that is no longer one. */
export function proposalOf(json: ProposalJson): DateProposal[] {
  const step = StepSlug.safeParse(json.step)
  if (!step.success) return []
  const { id, company, start, note, status, createdAt } = json
  return [{ id, step: step.data, company, start, note, status, createdAt }]
}

/** An answered proposal, with whom to tell: its trade, and the owner by name. */
export type AnsweredProposal = {
  step: StepSlug
  start: string
  to: { email: string; contact: string; company: string }
  ownerName: string
}

/**
 * Accepts or rejects the client's open proposal `id`, locked so the trade cannot replace it
 * meanwhile: 404 for an id that is not the client's, 409 once it is answered.
 */
export async function answerProposal(
  tx: Tx,
  clientId: string,
  id: string,
  status: DateProposalAnswer,
): Promise<AnsweredProposal> {
  const [row] = await tx
    .select({
      proposal: dateProposals,
      to: { email: trades.email, contact: trades.contact, company: trades.company },
      ownerName: users.name,
    })
    .from(dateProposals)
    .innerJoin(bidRequests, eq(bidRequests.id, dateProposals.bidRequestId))
    .innerJoin(trades, eq(trades.id, bidRequests.tradeId))
    .innerJoin(users, eq(users.id, dateProposals.clientId))
    .where(and(eq(dateProposals.id, id), eq(dateProposals.clientId, clientId)))
    .for('update', { of: dateProposals })
  const step = StepSlug.safeParse(row?.proposal.step)
  if (!row || !step.success) throw notFound(NO_PROPOSAL)
  if (row.proposal.status !== 'open') throw conflict(ANSWERED, TimelineProblemCode.proposalAnswered)
  await tx.update(dateProposals).set({ status }).where(eq(dateProposals.id, id))
  return { step: step.data, start: row.proposal.start, to: row.to, ownerName: row.ownerName }
}
