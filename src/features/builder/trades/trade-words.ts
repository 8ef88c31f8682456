import type { StepSlug } from '../../../../contract/construction'
import type { Trade, TradeWarning } from '../../../../contract/trades'
import type { BadgeTone } from '../../../components/badge'
import { stepTitle } from '../documents/document-words'
import { formatDate } from '../timeline-dates'

/** A warning's badge (PRODUCT.md §19): a few words, the tone saying how urgent it is. */
export function warningBadge(
  warning: TradeWarning,
  trade: Pick<Trade, 'insurance'>,
): { text: string; tone: BadgeTone } {
  switch (warning.code) {
    case 'LICENCE_MISSING':
      return { text: 'No licence on record', tone: 'danger' }
    case 'LICENCE_CLASS':
      return { text: "Licence class doesn't fit", tone: 'danger' }
    case 'INSURANCE_MISSING':
      return { text: 'No insurance on record', tone: 'danger' }
    case 'INSURANCE_EXPIRED':
      return { text: 'Insurance expired', tone: 'danger' }
    case 'INSURANCE_EXPIRING': {
      const ends = trade.insurance.expiresOn
      return {
        text: ends ? `Insurance ends ${formatDate(ends)}` : 'Insurance ends soon',
        tone: 'warning',
      }
    }
    case 'COMP_MISSING':
      return { text: "No workers' comp", tone: 'warning' }
  }
}

/** "Steel, Plumbing". */
export const stepsText = (steps: readonly StepSlug[]) => steps.map(stepTitle).join(', ')

/** "1234567 (C-8), checked Feb 20, 2030", or what is missing of it. */
export function licenceText({ licence }: Pick<Trade, 'licence'>): string {
  if (licence.number === null) return 'Not recorded'
  const classification = licence.classification ? ` (${licence.classification})` : ''
  const checked = licence.checkedOn ? `, checked ${formatDate(licence.checkedOn)}` : ', not checked'
  return `${licence.number}${classification}${checked}`
}
