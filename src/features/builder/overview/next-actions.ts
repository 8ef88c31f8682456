import { differenceInCalendarDays } from 'date-fns'
import { STEPS } from '../../../../contract/steps'
import { INSPECTIONS } from '../../../../contract/construction'
import { photoSubject } from '../../../../contract/checklist-defaults'
import type { Checklist } from '../../../../contract/checklists'
import type { StoredFile } from '../../../../contract/documents'
import type { Draw, Money } from '../../../../contract/money'
import type { Timeline, TimelineStep } from '../../../../contract/timeline'
import { entryOf, savedDesign, type ProjectData } from '../../../../contract/budget'
import { isDatedBlocker } from '../../../../contract/scheduling'
import { describeSlip, formatShortDate, utcDay } from '../timeline-dates'

/**
 * One thing the client can do next, and the builder page where it is done; `hash` names the
 * control on that page (a draw's lien waiver, a step's photos).
 */
export type NextAction = { text: string; route: string; hash?: string }

/** "Pre-gunite inspection" → "pre-gunite inspection", inside a sentence. */
export const lowerFirst = (title: string) => `${title.charAt(0).toLowerCase()}${title.slice(1)}`

/** Whether a contract's deposit (its draw due at signing) is not paid in full: record it. */
export const depositOwed = (draws: readonly Pick<Draw, 'due' | 'paid' | 'amount'>[]) =>
  draws.some((draw) => draw.due === 'signing' && draw.paid < draw.amount)

/** The Overview shows at most this many. */
export const MAX_NEXT_ACTIONS = 5

/** What the steps not done yet ask for, in construction order: quotes, a choice, done. */
function stepActions(project: ProjectData): NextAction[] {
  const actions: NextAction[] = []
  for (const step of STEPS) {
    const entry = entryOf(step, project)
    if (entry?.done) continue
    const { route, title } = step
    const quotes = entry?.quotes ?? []
    if (route === 'engineering' && !entry?.choices.engineerId) {
      actions.push({ text: 'Choose your engineer', route })
    } else if (quotes.some((quote) => quote.accepted)) {
      actions.push({ text: `Mark ${title} as done when the work is finished`, route })
    } else if (quotes.length > 0) {
      const count = quotes.length === 1 ? 'your quote' : `one of your ${quotes.length} quotes`
      actions.push({ text: `Accept ${count} for ${title}`, route })
    } else if (route === 'pool-design') {
      actions.push({ text: 'Mark Pool Design as done once the design is final', route })
    } else {
      actions.push({ text: `Add quotes for ${title}`, route })
    }
  }
  return actions
}

/** How late a late step will end, against its baseline (or plan) end. */
function lateBy(step: TimelineStep): number {
  const due = step.baseline?.end ?? step.planned.end
  return due && step.forecast.end
    ? differenceInCalendarDays(utcDay(step.forecast.end), utcDay(due))
    : 0
}

/**
 * What the dates ask for (PRODUCT.md §8): a start date first; then the late steps, the
 * inspections that can be booked, and the next steps waiting only for a date.
 */
function dateActions(timeline: Timeline | null): NextAction[] {
  if (!timeline) return []
  if (!timeline.startDate) return [{ text: 'Set the project start date', route: 'timeline' }]
  const late = timeline.steps
    .filter((step) => step.status === 'late' && lateBy(step) > 0)
    .map((step) => ({ text: `${step.title} is ${describeSlip(lateBy(step))}`, route: step.step }))
  const inspections = timeline.inspections
    .filter((inspection) => inspection.status === 'ready' || inspection.status === 'failed')
    .map((inspection) => ({
      text: `Schedule the ${lowerFirst(inspection.title)}`,
      route: 'timeline',
    }))
  const canStart = timeline.steps
    .filter(
      (step) =>
        !step.doneOn &&
        !step.startedOn &&
        step.forecast.start &&
        step.forecast.start > timeline.today &&
        step.blockedBy.every(isDatedBlocker),
    )
    .map((step) => ({
      text: `${step.title} can start on ${formatShortDate(step.forecast.start ?? timeline.today)}`,
      route: step.step,
    }))
  return [...late, ...inspections, ...canStart]
}

/** The possessive of a step's title: "Steel's". */
const possessive = (title: string) => `${title}'s`

/**
 * What the contracts ask for (PRODUCT.md §10): a deposit to record, a lien waiver to collect for
 * a paid draw, an accepted quote far off typical to look at. Money is done on the Budget page.
 */
function moneyActions(money: Money | null): NextAction[] {
  if (!money) return []
  const contracts = money.steps.filter((step) => step.contract)
  const deposits = contracts
    .filter((step) => depositOwed(step.draws))
    .map((step) => ({ text: `Record the deposit for ${step.title}`, route: 'budget' }))
  const waivers = contracts.flatMap((step) =>
    step.draws
      .filter((d) => d.paid > 0 && d.lienWaiverFileId === null)
      .map((d) => ({
        text: `Upload the lien waiver for ${possessive(step.title)} ${d.label.toLowerCase()}`,
        route: 'budget',
        hash: `lien-waiver-${d.id}`,
      })),
  )
  const farOff = money.warnings
    .filter((w) => w.code === 'QUOTE_FAR_OFF')
    .map((w) => ({ text: w.message, route: w.step }))
  return [...deposits, ...waivers, ...farOff]
}

/**
 * What the evidence asks for (PRODUCT.md §11): the work an inspection is about to cover up,
 * photographed while it can still be seen. Asked once the inspection can be booked or is booked,
 * for each step it follows with no photo yet.
 */
function photoActions(timeline: Timeline | null, files: StoredFile[] | null): NextAction[] {
  if (!timeline || !files) return []
  const photographed = new Set(
    files.filter((file) => file.kind === 'photo').map((file) => file.step),
  )
  return timeline.inspections
    .filter((inspection) => inspection.status === 'ready' || inspection.status === 'scheduled')
    .flatMap((inspection) =>
      (INSPECTIONS.find((i) => i.slug === inspection.slug)?.follows ?? [])
        .filter((step) => !photographed.has(step))
        .map((step) => ({
          text: `Add photos of ${STEPS.find((s) => s.route === step)?.title ?? step} before the ${lowerFirst(inspection.title)}`,
          route: step,
          hash: 'photos',
        })),
    )
}

/**
 * What the next inspection's checklist asks for (PRODUCT.md §16): each item that needs a photo
 * and has none, photographed before the inspector comes ("Photograph the bonding before the
 * pre-gunite inspection").
 */
function checklistActions(timeline: Timeline | null, checklists: Checklist[] | null): NextAction[] {
  const next = timeline?.startDate
    ? timeline.inspections.find((inspection) => inspection.status !== 'passed')
    : undefined
  const checklist = next && checklists?.find((c) => c.inspection === next.slug)
  if (!next || !checklist) return []
  return checklist.items
    .filter((item) => item.photo && item.fileIds.length === 0)
    .map((item) => ({
      text: `Photograph ${photoSubject(item.text)} before the ${lowerFirst(next.title)}`,
      route: 'timeline',
      hash: `inspection-${next.slug}`,
    }))
}

/**
 * What to do next (the Overview's answer): save the design first; then, step by step in
 * construction order, get quotes, accept one, pay and collect lien waivers, photograph what
 * the next inspection looks at, and mark the step done; and, for a client who would rather not
 * run the build, a project builder.
 */
export function nextActions(
  project: ProjectData,
  timeline: Timeline | null = null,
  money: Money | null = null,
  files: StoredFile[] | null = null,
  checklists: Checklist[] | null = null,
): NextAction[] {
  if (!savedDesign(project.poolData)) {
    return [{ text: 'Save your pool design to see every estimate', route: 'pool-design' }]
  }
  const builder: NextAction[] = project.poolData.BuilderRequested
    ? []
    : [
        {
          text: 'Rather not run the build yourself? Request a project builder',
          route: 'project-builder',
        },
      ]
  const actions = [
    ...dateActions(timeline),
    ...checklistActions(timeline, checklists),
    ...moneyActions(money),
    ...photoActions(timeline, files),
    ...stepActions(project),
  ]
  return [...actions.slice(0, MAX_NEXT_ACTIONS - builder.length), ...builder]
}
