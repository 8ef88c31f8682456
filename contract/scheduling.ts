/**
 * The dated schedule of a build (PRODUCT.md §9), pure: the plan from a start date, the
 * forecast from what happened, the baseline, the slip, and each step's status and blockers.
 *
 * Conventions, all dates being ISO `YYYY-MM-DD` days of the project's local calendar:
 * - Durations count working days (Monday–Friday) and include the first: a 5-day step that
 *   starts on a Monday ends that Friday; a 1-day step ends the day it starts. A step of 0 days
 *   starts and ends the same day and holds nobody up past it.
 * - Waits count calendar days (concrete cures through weekends). A follower starts on the first
 *   working day after its predecessor's end plus the wait: shotcrete shot on a Monday with a
 *   7-day wait lets tile start on the next Tuesday.
 * - A step starts on the first working day on or after the project start and after everything
 *   it follows (each plus its wait); a gated step, after the day its inspection is scheduled or
 *   passed on (a failed one needs another visit: not before today).
 * - The plan ignores what happened; the forecast takes a step's recorded start and done dates,
 *   and a step not done ends today at the earliest.
 * - The first baseline, saved with the start date, is the plan as first agreed (a start in the
 *   past shows at once how far the project is behind it); a re-plan saves the forecast, so the
 *   slip starts again from 0.
 */
import {
  addBusinessDays,
  addDays,
  differenceInCalendarDays,
  formatISO,
  isWeekend,
  nextMonday,
} from 'date-fns'
import {
  CONSTRUCTION,
  INSPECTIONS,
  type ConstructionStep,
  type Follow,
  type InspectionSlug,
  type ScheduleSettings,
  type StepSlug,
} from './construction'
import { STEPS } from './steps'
import type {
  DatedSpan,
  InspectionEvent,
  StepStatus,
  Timeline,
  TimelineInspection,
  TimelineStep,
} from './timeline'

/** What a client recorded of a step. */
export type StepRecord = { startedOn: string | null; doneOn: string | null }

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

type Span = { start: Date; end: Date }
type Spans = Record<StepSlug, Span>
/** What a schedule is computed from: the plan passes no records and no today. */
type Known = Pick<ProjectFacts, 'steps' | 'inspections'> & { today: Date | null }
/** What the plan knows: the inspections' dates, nothing of the steps, no today. */
const planKnown = (inspections: ProjectFacts['inspections']): Known => ({
  steps: {},
  inspections,
  today: null,
})

export const toIsoDate = (date: Date): string => formatISO(date, { representation: 'date' })
/** Local midnight of a `YYYY-MM-DD` date (what parseISO answers, at a tenth of its cost). */
const day = (iso: string): Date =>
  new Date(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)))
const later = (a: Date, b: Date) => (a > b ? a : b)
const earlier = (a: Date, b: Date) => (a < b ? a : b)
const workingDayFrom = (date: Date) => (isWeekend(date) ? nextMonday(date) : date)
const endAfter = (start: Date, durationDays: number) =>
  durationDays <= 1 ? start : addBusinessDays(start, durationDays - 1)

const TITLES = new Map<string, string>(STEPS.map((s) => [s.route, s.title]))
/** A step's title, as the builder's sidebar shows it. */
export const stepTitle = (step: StepSlug): string => TITLES.get(step) ?? step

const waitAfter = (follow: Follow, settings: ScheduleSettings) =>
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
function schedule(start: Date, settings: ScheduleSettings, known: Known): Spans {
  const spans = {} as Spans
  for (const { step, follows, gatedBy } of CONSTRUCTION) {
    let earliest = start
    for (const follow of follows)
      earliest = later(earliest, releaseOf(follow, spans, settings, known))
    const gate = gatedBy && gateDay(known.inspections[gatedBy], known.today)
    if (gate) earliest = later(earliest, addDays(gate, 1))
    spans[step] = spanOf(earliest, settings[step].durationDays, known.steps[step], known.today)
  }
  return spans
}

/** The project ends with its last step, or its final inspection when that is later. */
function endOf(spans: Spans, known: Known): Date {
  const ends = Object.values(spans).map((s) => s.end)
  const final = gateDay(known.inspections.final, known.today)
  return [...ends, ...(final ? [final] : [])].reduce(later)
}

const isoSpan = (span: Span): DatedSpan => ({
  start: toIsoDate(span.start),
  end: toIsoDate(span.end),
})

const mapSteps = <T>(spans: Spans, f: (span: Span) => T): Record<StepSlug, T> =>
  Object.fromEntries(Object.entries(spans).map(([step, span]) => [step, f(span)])) as Record<
    StepSlug,
    T
  >

/** The plan from `startDate`: earliest dates, inspections' dates where they are later. */
export function plan(
  startDate: string,
  settings: ScheduleSettings,
  inspections: ProjectFacts['inspections'] = {},
): Record<StepSlug, DatedSpan> {
  const spans = schedule(day(startDate), settings, planKnown(inspections))
  return mapSteps(spans, isoSpan)
}

function baselineOf(start: string, settings: ScheduleSettings, known: Known, savedAt: string) {
  const spans = schedule(day(start), settings, known)
  return { savedAt, end: toIsoDate(endOf(spans, known)), steps: mapSteps(spans, isoSpan) }
}

/** The baseline the first start date saves: the plan as first agreed. */
export const firstBaseline = (
  facts: ProjectFacts & { startDate: string },
  settings: ScheduleSettings,
  savedAt: string,
): SavedBaseline => baselineOf(facts.startDate, settings, planKnown(facts.inspections), savedAt)

/** The baseline a re-plan saves: the forecast of what happened, so the slip is 0 again. */
export const replannedBaseline = (
  facts: ProjectFacts & { startDate: string },
  settings: ScheduleSettings,
  today: string,
  savedAt: string,
): SavedBaseline => baselineOf(facts.startDate, settings, { ...facts, today: day(today) }, savedAt)

/**
 * The baseline that setting the start date saves: the first start date saves the plan, a re-plan
 * the forecast; any other change of the date saves none (null: the saved one stays).
 */
export function baselineOnStart(
  facts: ProjectFacts,
  change: { startDate: string; rebaseline: boolean },
  settings: ScheduleSettings,
  today: string,
  savedAt: string,
): SavedBaseline | null {
  const dated = { ...facts, startDate: change.startDate }
  if (facts.startDate === null) return firstBaseline(dated, settings, savedAt)
  return change.rebaseline ? replannedBaseline(dated, settings, today, savedAt) : null
}

const START = 'Project start date'

/** The titles of what keeps `step` from starting today, with its dates as they stand. */
function blockersOf(
  { follows, gatedBy }: ConstructionStep,
  facts: ProjectFacts,
  settings: ScheduleSettings,
  today: string,
): string[] {
  const blockers: string[] = []
  if (!facts.startDate || (follows.length === 0 && facts.startDate > today)) blockers.push(START)
  for (const follow of follows) {
    const doneOn = facts.steps[follow.step]?.doneOn
    const wait = waitAfter(follow, settings)
    if (!doneOn) blockers.push(stepTitle(follow.step))
    else if (wait > 0 && toIsoDate(addDays(day(doneOn), wait)) >= today)
      blockers.push(`${stepTitle(follow.step)} + ${wait} days`)
  }
  const gate = gatedBy && INSPECTIONS.find((i) => i.slug === gatedBy)
  if (gate && facts.inspections[gate.slug]?.status !== 'passed') blockers.push(gate.title)
  return blockers
}

function statusOf(
  record: StepRecord | undefined,
  dueBy: string | null,
  blockedBy: string[],
  today: string,
): StepStatus {
  if (record?.doneOn) return 'done'
  if (dueBy === null) return 'waiting'
  if (dueBy < today) return 'late'
  if (record?.startedOn) return 'in-progress'
  return blockedBy.length === 0 ? 'ready' : 'waiting'
}

function inspectionsOf(facts: ProjectFacts): TimelineInspection[] {
  return INSPECTIONS.map(({ slug, title, follows, gates }) => {
    const record = facts.inspections[slug]
    const followsDone = follows.every((s) => !!facts.steps[s]?.doneOn)
    return {
      slug,
      title,
      gates,
      status: record?.status ?? (followsDone ? 'ready' : 'waiting'),
      date: record?.date ?? null,
      notes: record?.notes ?? '',
      history: record?.history ?? [],
    }
  })
}

/** A client's whole timeline on `today` (PRODUCT.md §9's Timeline). */
export function timeline(facts: ProjectFacts, settings: ScheduleSettings, today: string): Timeline {
  const start = facts.startDate ? day(facts.startDate) : null
  const plannedKnown = planKnown(facts.inspections)
  const forecastKnown: Known = { ...facts, today: day(today) }
  const planned = start && schedule(start, settings, plannedKnown)
  const forecast = start && schedule(start, settings, forecastKnown)
  const span = (spans: Spans | null, step: StepSlug) =>
    spans ? isoSpan(spans[step]) : { start: null, end: null }

  const steps = CONSTRUCTION.map((entry): TimelineStep => {
    const { step } = entry
    const record = facts.steps[step]
    const baseline = facts.baseline?.steps[step] ?? null
    const plannedSpan = span(planned, step)
    const blockedBy = record?.doneOn ? [] : blockersOf(entry, facts, settings, today)
    return {
      step,
      title: stepTitle(step),
      ...settings[step],
      planned: plannedSpan,
      baseline,
      forecast: span(forecast, step),
      startedOn: record?.startedOn ?? null,
      doneOn: record?.doneOn ?? null,
      status: statusOf(record, baseline?.end ?? plannedSpan.end, blockedBy, today),
      blockedBy,
    }
  })

  const plannedEnd = planned && toIsoDate(endOf(planned, plannedKnown))
  const forecastEnd = forecast && toIsoDate(endOf(forecast, forecastKnown))
  const { baseline } = facts
  return {
    startDate: facts.startDate,
    today,
    baseline: baseline && { savedAt: baseline.savedAt, end: baseline.end },
    end: {
      planned: plannedEnd,
      forecast: forecastEnd,
      slipDays:
        baseline && forecastEnd
          ? differenceInCalendarDays(day(forecastEnd), day(baseline.end))
          : null,
    },
    steps,
    inspections: inspectionsOf(facts),
  }
}
