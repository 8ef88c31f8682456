import type { ChangeOrderStatus, DrawDue, PaymentMethod } from '../../../../contract/money'
import type { NoticeRole } from '../../../../contract/notices'
import type { MoneyFigures } from '../../../../contract/money-figures'
import type { QuoteBand } from '../../../../contract/money-rules'
import type { BadgeTone } from '../../../components/badge'
import { formatMoney } from '../../../lib/money'

/** The committed cost, or "None yet" before a quote is accepted: a "$0" would misstate it. */
export const committedWords = (figures: Pick<MoneyFigures, 'committed' | 'contracts'>) =>
  figures.contracts === 0 ? 'None yet' : formatMoney(figures.committed)

/** When a draw falls due, in words: "Due at signing". */
export const DUE_WORDS: Record<DrawDue, string> = {
  signing: 'at signing',
  start: 'when the work starts',
  done: 'when the step is done',
  inspection: 'when its inspection passed',
}

/** What a preliminary notice's claimant is to the trade it works for. */
export const ROLE_WORDS: Record<NoticeRole, string> = {
  subcontractor: 'Subcontractor',
  supplier: 'Supplier',
  equipment: 'Equipment rental',
  laborer: 'Laborer',
}

export const METHOD_WORDS: Record<PaymentMethod, string> = {
  check: 'Check',
  card: 'Card',
  transfer: 'Transfer',
  cash: 'Cash',
  other: 'Other',
}

export const CHANGE_ORDER_STATUS: Record<ChangeOrderStatus, { label: string; tone: BadgeTone }> = {
  proposed: { label: 'Proposed', tone: 'info' },
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'neutral' },
}

/** A typical quote is good news; high or low asks for a look; far off asks what it includes. */
export const BAND_TONE: Record<QuoteBand, BadgeTone> = {
  typical: 'success',
  high: 'warning',
  low: 'warning',
  'far-above': 'danger',
  'far-below': 'danger',
}
