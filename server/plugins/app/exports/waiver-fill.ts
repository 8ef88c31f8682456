/**
 * Who and what a waiver form names (PRODUCT.md §15): the draw's contract's claimant for the
 * owner's job, or a preliminary notice's claimant, who worked for that trade.
 */
import type { Draw } from '../../../../contract/money'
import { usDate } from '../../../lib/exports/us-date'
import type { WaiverFill } from '../../../lib/exports/waiver-pdf'

/** The job the forms are for. */
export type Job = { owner: string; location: string; today: string }

/** A preliminary notice's claimant, waiving what it supplied to the contract's trade. */
export type NoticeClaimant = { claimant: string }

/**
 * The blanks of a draw's form: the contract's claimant waives toward the owner, or a notice's
 * claimant toward that trade. The check is the owner's, for the draw's amount, payable to
 * whoever waives; the Through Date is the draw's due day, or today while it is not known.
 */
export function waiverFill(
  job: Job,
  draw: Pick<Draw, 'amount' | 'dueOn'>,
  contractClaimant: string,
  notice: NoticeClaimant | null = null,
): WaiverFill {
  const claimant = notice ? notice.claimant : contractClaimant
  return {
    claimant,
    customer: notice ? contractClaimant : job.owner,
    jobLocation: job.location,
    owner: job.owner,
    throughDate: usDate(draw.dueOn ?? job.today),
    makerOfCheck: job.owner,
    amount: draw.amount,
    payableTo: claimant,
  }
}
