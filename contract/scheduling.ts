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
 * - A start agreed with the step's trade (an accepted date proposal) is a "not before" of the
 *   forecast: the step still starts after all it follows, on a working day, and its recorded
 *   start, once there is one, stands. The plan ignores it, as it ignores every record.
 * - The first baseline, saved with the start date, is the plan as first agreed (a start in the
 *   past shows at once how far the project is behind it); a re-plan saves the forecast, so the
 *   slip starts again from 0.
 */
import { addDays, differenceInCalendarDays } from 'date-fns'
import {
  CONSTRUCTION,
  INSPECTIONS,
  type ConstructionStep,
  type ScheduleSettings,
  type StepSlug,
} from './construction'
import {
  day,
  endOf,
  isoSpan,
  mapSteps,
  planKnown,
  schedule,
  toIsoDate,
  waitAfter,
  type Known,
  type Spans,
} from './schedule-spans'
import { STEPS } from './steps'
import type {
  DateProposal,
  DatedSpan,
  InspectionEvent,
  StepStatus,
  Timeline,
  TimelineInspection,
  TimelineStep,
} from './timeline'

export type { InspectionRecord, ProjectFacts, SavedBaseline, StepRecord } from './project-facts'
import type { ProjectFacts, SavedBaseline, StepRecord } from './project-facts'

const TITLES = new Map<string, string>(STEPS.map((s) => [s.route, s.title]))
/** A step's title, as the builder's sidebar shows it. */
export const stepTitle = (step: StepSlug): string => TITLES.get(step) ?? step

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
  { step, follows, gatedBy }: ConstructionStep,
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
  const { agreedStart, startedOn } = facts.steps[step] ?? {}
  if (agreedStart && !startedOn && agreedStart > today)
    blockers.push(agreedStartBlocker(agreedStart))
  return blockers
}

const AGREED = 'Start agreed for '

/** What holds back a step whose trade agreed to start it later: "Start agreed for 2030-04-22". */
export const agreedStartBlocker = (agreedStart: string) => `${AGREED}${agreedStart}`

/**
 * A blocker that holds a step back only until a known day: a wait after a step ("Shotcrete + 7
 * days") or a start agreed with the trade.
 */
export const isDatedBlocker = (blocker: string) =>
  / \+ \d+ days$/.test(blocker) || blocker.startsWith(AGREED)

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

/**
 * An inspection's history by the dates it names (a visit moved earlier comes before the one it
 * replaced); events of one day keep the order they were recorded in.
 */
const inDateOrder = (history: readonly InspectionEvent[]) =>
  history.toSorted((a, b) => a.date.localeCompare(b.date))

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
      history: inDateOrder(record?.history ?? []),
    }
  })
}

/**
 * A client's whole timeline on `today` (PRODUCT.md §9's Timeline), with the trades' date
 * proposals as given: an accepted one reaches the dates through its step's agreed start.
 */
export function timeline(
  facts: ProjectFacts,
  settings: ScheduleSettings,
  today: string,
  proposals: DateProposal[] = [],
): Timeline {
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
    proposals,
  }
}
