import type { InspectionStatus, StepStatus } from '../../../contract/timeline'
import type { BadgeTone } from '../../components/badge'

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })
const shortDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
})

/** A calendar date of the API (`YYYY-MM-DD`) as midnight UTC, so no time zone moves its day. */
export const utcDay = (iso: string) => new Date(`${iso}T00:00:00Z`)

/** "Dec 3, 2026". */
export const formatDate = (iso: string) => longDate.format(utcDay(iso))

/** "Dec 3", for axes and next actions. */
export const formatShortDate = (iso: string) => shortDate.format(utcDay(iso))

/**
 * "Dec 1 – 3, 2026", "Nov 28 – Dec 3, 2026", "Dec 28, 2026 – Jan 3, 2027", one day as "Dec 3,
 * 2026", or "Not dated yet" before a start date is set.
 */
export function formatSpan(span: { start: string | null; end: string | null } | null): string {
  if (!span?.start || !span.end) return 'Not dated yet'
  return longDate.formatRange(utcDay(span.start), utcDay(span.end))
}

/** "4 days late", "2 days early" or "On plan", from a slip in calendar days. */
export function describeSlip(days: number): string {
  if (days === 0) return 'On plan'
  const count = Math.abs(days)
  return `${count} ${count === 1 ? 'day' : 'days'} ${days > 0 ? 'late' : 'early'}`
}

const STEP_STATUS: Record<StepStatus, { label: string; tone: BadgeTone }> = {
  waiting: { label: 'Waiting', tone: 'neutral' },
  ready: { label: 'Ready', tone: 'info' },
  'in-progress': { label: 'In progress', tone: 'info' },
  done: { label: 'Done', tone: 'success' },
  late: { label: 'Late', tone: 'warning' },
}

const INSPECTION_STATUS: Record<InspectionStatus, { label: string; tone: BadgeTone }> = {
  waiting: { label: 'Waiting', tone: 'neutral' },
  ready: { label: 'Ready to schedule', tone: 'info' },
  scheduled: { label: 'Scheduled', tone: 'warning' },
  passed: { label: 'Passed', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
}

export const stepStatus = (status: StepStatus) => STEP_STATUS[status]
export const inspectionStatus = (status: InspectionStatus) => INSPECTION_STATUS[status]
