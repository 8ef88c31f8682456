/**
 * The Timeline of PRODUCT.md §9 on the wire: the dated plan, the baseline, the forecast and the
 * inspections, and the calls that change them. Dates are ISO `YYYY-MM-DD` strings of the
 * project's local calendar.
 */
import { z } from 'zod/mini'
import { InspectionSlug, StepSlug } from './construction'
import { CheckedItem } from './checklists'
import { Text, Timestamp } from './domain'

/** A calendar date as the API answers it. */
export const IsoDate = z.iso.date('Enter a date as YYYY-MM-DD')

/** A date a client gives: a real calendar date, in this century. */
export const DateInput = IsoDate.check(
  z.refine((d: string) => d >= '2000-01-01' && d <= '2099-12-31', 'Enter a date in 2000–2099'),
)

export const StepStatus = z.enum(['waiting', 'ready', 'in-progress', 'done', 'late'])
export type StepStatus = z.infer<typeof StepStatus>

/** What a client records of an inspection; `waiting` and `ready` follow from the steps done. */
export const InspectionOutcome = z.enum(['scheduled', 'passed', 'failed'])
export type InspectionOutcome = z.infer<typeof InspectionOutcome>
export const InspectionStatus = z.enum(['waiting', 'ready', ...InspectionOutcome.options])
export type InspectionStatus = z.infer<typeof InspectionStatus>

/** Null dates until a project start date is set. */
const Span = z.object({ start: z.nullable(IsoDate), end: z.nullable(IsoDate) })
const DatedSpan = z.object({ start: IsoDate, end: IsoDate })
export type DatedSpan = z.infer<typeof DatedSpan>

export const TimelineStep = z.object({
  step: StepSlug,
  title: z.string(),
  durationDays: z.int(),
  waitDays: z.int(),
  planned: Span,
  baseline: z.nullable(DatedSpan),
  forecast: Span,
  startedOn: z.nullable(IsoDate),
  doneOn: z.nullable(IsoDate),
  status: StepStatus,
  /** The titles of what keeps the step from starting: steps, an inspection, a wait. */
  blockedBy: z.array(z.string()),
})
export type TimelineStep = z.infer<typeof TimelineStep>

export const InspectionEvent = z.object({
  status: InspectionOutcome,
  date: IsoDate,
  notes: z.string(),
  /** What the checklist held when it passed or failed (PRODUCT.md §18a); null when scheduled. */
  checklist: z.optional(z.nullable(z.array(CheckedItem))),
})
export type InspectionEvent = z.infer<typeof InspectionEvent>

export const TimelineInspection = z.object({
  slug: InspectionSlug,
  title: z.string(),
  gates: z.nullable(StepSlug),
  status: InspectionStatus,
  date: z.nullable(IsoDate),
  notes: z.string(),
  /** Every status recorded, by date (those of one day in the order recorded). */
  history: z.array(InspectionEvent),
})
export type TimelineInspection = z.infer<typeof TimelineInspection>

/**
 * An awarded trade's proposal of another start for its step (PRODUCT.md §14, §18a): open until
 * the owner accepts it (the step's forecast then starts no earlier) or keeps the plan.
 */
export const DateProposalStatus = z.enum(['open', 'accepted', 'rejected'])
export const DateProposal = z.object({
  id: z.uuid(),
  step: StepSlug,
  company: z.string(),
  start: IsoDate,
  note: z.string(),
  status: DateProposalStatus,
  createdAt: Timestamp,
})
export type DateProposal = z.infer<typeof DateProposal>

/** The owner's answer to an open proposal. */
export const DateProposalBody = z.strictObject({
  status: z.enum(['accepted', 'rejected'], 'Accept the new dates or keep the plan'),
})
export type DateProposalAnswer = z.output<typeof DateProposalBody>['status']

export const Timeline = z.object({
  startDate: z.nullable(IsoDate),
  today: IsoDate,
  baseline: z.nullable(z.object({ savedAt: Timestamp, end: IsoDate })),
  end: z.object({
    planned: z.nullable(IsoDate),
    forecast: z.nullable(IsoDate),
    /** Forecast end − baseline end, in calendar days. */
    slipDays: z.nullable(z.int()),
  }),
  steps: z.array(TimelineStep),
  inspections: z.array(TimelineInspection),
  /** The trades' date proposals, answered or not, newest first. */
  proposals: z.array(DateProposal),
})
export type Timeline = z.infer<typeof Timeline>

export const TimelineStartBody = z.strictObject({
  startDate: DateInput,
  /** Saves the forecast as the new baseline (the first start date always does). */
  rebaseline: z.optional(z.boolean()),
})

export const StepStartedBody = z.strictObject({
  step: StepSlug,
  startedOn: z.nullable(DateInput),
})

export const InspectionParams = z.strictObject({ slug: InspectionSlug })
export const InspectionBody = z.strictObject({
  status: InspectionOutcome,
  date: DateInput,
  notes: z.optional(Text(2000)),
})

/** Which emails a client wants (§9); each is on until they turn it off. */
export const NotificationPreferences = z.object({
  inspectionReminders: z.boolean(),
  stepUpdates: z.boolean(),
  warrantyReminders: z.boolean(),
  tradeInsurance: z.boolean(),
})
export type NotificationPreferences = z.infer<typeof NotificationPreferences>
export const NotificationsBody = z.strictObject(NotificationPreferences.shape)

/** Each switch of NotificationPreferences: what one unsubscribe link turns off. */
export const NotificationSwitch = z.enum([
  'inspectionReminders',
  'stepUpdates',
  'warrantyReminders',
  'tradeInsurance',
])
export type NotificationSwitch = z.infer<typeof NotificationSwitch>

/** A secret in a path: a calendar feed's or an unsubscribe link's (unknown ones answer 404). */
export const SecretParams = z.object({ token: z.string().check(z.maxLength(200)) })

/** The client's secret calendar address (PRODUCT.md §9). */
export const CalendarTokenData = z.object({ url: z.string() })

/** An iCalendar feed (text/calendar) or an unsubscribe page (text/html), sent as is. */
export const TextDocument = z.string()

/** What a link turned off: a switch, or `messages` (every message email to its recipient). */
export const UnsubscribeData = z.object({
  turnedOff: z.union([NotificationSwitch, z.literal('messages')]),
})

/** The codes of the timeline's refusals (409), beside the general ones of problem.ts. */
export const TimelineProblemCode = {
  /** Marking a gated step done before its inspection passed. */
  inspectionRequired: 'INSPECTION_REQUIRED',
  /** Recording an inspection while the steps it follows are not all done. */
  inspectionWaiting: 'INSPECTION_WAITING',
  /** Answering a date proposal that was already accepted or rejected. */
  proposalAnswered: 'PROPOSAL_ANSWERED',
} as const
