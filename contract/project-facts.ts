/** What a client's timeline is computed from (PRODUCT.md §9), as stored. */
import type { InspectionSlug, StepSlug } from './construction'
import type { DatedSpan, InspectionEvent } from './timeline'

/**
 * What a client recorded of a step, and the start agreed with its trade (an accepted date
 * proposal), which the step's forecast does not start before.
 */
export type StepRecord = {
  startedOn: string | null
  doneOn: string | null
  agreedStart?: string | null
}

/** An inspection's latest status, and every status recorded, oldest first. */
export type InspectionRecord = InspectionEvent & { history: InspectionEvent[] }

export type SavedBaseline = {
  savedAt: string
  end: string
  steps: Partial<Record<StepSlug, DatedSpan>>
}

/** Everything a client's timeline is computed from, besides the schedule settings and today. */
export type ProjectFacts = {
  startDate: string | null
  baseline: SavedBaseline | null
  steps: Partial<Record<StepSlug, StepRecord>>
  inspections: Partial<Record<InspectionSlug, InspectionRecord>>
}
