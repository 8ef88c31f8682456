/**
 * The spans of a schedule (PRODUCT.md §9), pure: each step's start and end from a start date,
 * the schedule settings and what is known (see scheduling.ts for the conventions).
 */
import { addBusinessDays, addDays, formatISO, isWeekend, nextMonday } from 'date-fns'
import { CONSTRUCTION, type Follow, type ScheduleSettings, type StepSlug } from './construction'
import type { InspectionRecord, ProjectFacts, StepRecord } from './project-facts'
import type { DatedSpan } from './timeline'

type Span = { start: Date; end: Date }
export type Spans = Record<StepSlug, Span>
/** What a schedule is computed from: the plan passes no records and no today. */
export type Known = Pick<ProjectFacts, 'steps' | 'inspections'> & { today: Date | null }
/** What the plan knows: the inspections' dates, nothing of the steps, no today. */
export const planKnown = (inspections: ProjectFacts['inspections']): Known => ({
  steps: {},
  inspections,
  today: null,
})

export const toIsoDate = (date: Date): string => formatISO(date, { representation: 'date' })
/** Local midnight of a `YYYY-MM-DD` date (what parseISO answers, at a tenth of its cost). */
export const day = (iso: string): Date =>
  new Date(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)))
const later = (a: Date, b: Date) => (a > b ? a : b)
const earlier = (a: Date, b: Date) => (a < b ? a : b)
const workingDayFrom = (date: Date) => (isWeekend(date) ? nextMonday(date) : date)
const endAfter = (start: Date, durationDays: number) =>
  durationDays <= 1 ? start : addBusinessDays(start, durationDays - 1)

export const waitAfter = (follow: Follow, settings: ScheduleSettings) =>
  Math.max(settings[follow.step].waitDays, follow.atLeastDays ?? 0)

/** The day an inspection holds its gated step back to (the step starts after it), if any. */
function gateDay(record: InspectionRecord | undefined, today: Date | null): Date | null {
  if (!record) return null
  const date = day(record.date)
  return record.status === 'failed' && today ? later(date, today) : date
}

/** The first day a follower may start on, before it is moved to a working day. */
function releaseOf(follow: Follow, spans: Spans, settings: ScheduleSettings, known: Known) {
  const done = !!known.steps[follow.step]?.doneOn
  const holds = settings[follow.step].durationDays > 0 || done ? 1 : 0
  return addDays(spans[follow.step].end, holds + waitAfter(follow, settings))
}

function spanOf(
  earliest: Date,
  durationDays: number,
  record: StepRecord | undefined,
  today: Date | null,
): Span {
  const computed = workingDayFrom(earliest)
  const { startedOn, doneOn } = record ?? { startedOn: null, doneOn: null }
  const start = startedOn ? day(startedOn) : doneOn ? earlier(computed, day(doneOn)) : computed
  if (doneOn) return { start, end: day(doneOn) }
  const end = endAfter(start, durationDays)
  return { start, end: today ? later(end, today) : end }
}

/** Every step's span, in construction order (each step comes after all it follows). */
export function schedule(start: Date, settings: ScheduleSettings, known: Known): Spans {
  const spans = {} as Spans
  for (const { step, follows, gatedBy } of CONSTRUCTION) {
    let earliest = start
    for (const follow of follows)
      earliest = later(earliest, releaseOf(follow, spans, settings, known))
    const gate = gatedBy && gateDay(known.inspections[gatedBy], known.today)
    if (gate) earliest = later(earliest, addDays(gate, 1))
    const agreed = known.steps[step]?.agreedStart
    if (agreed) earliest = later(earliest, day(agreed))
    spans[step] = spanOf(earliest, settings[step].durationDays, known.steps[step], known.today)
  }
  return spans
}

/** The project ends with its last step, or its final inspection when that is later. */
export function endOf(spans: Spans, known: Known): Date {
  const ends = Object.values(spans).map((s) => s.end)
  const final = gateDay(known.inspections.final, known.today)
  return [...ends, ...(final ? [final] : [])].reduce(later)
}

export const isoSpan = (span: Span): DatedSpan => ({
  start: toIsoDate(span.start),
  end: toIsoDate(span.end),
})

export const mapSteps = <T>(spans: Spans, f: (span: Span) => T): Record<StepSlug, T> =>
  Object.fromEntries(Object.entries(spans).map(([step, span]) => [step, f(span)])) as Record<
    StepSlug,
    T
  >
