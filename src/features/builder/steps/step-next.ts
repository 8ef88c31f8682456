import { doneHeldBy } from '../../../../contract/gating'
import type { MoneyStep } from '../../../../contract/money'
import type { InspectionStatus } from '../../../../contract/timeline'
import type { BadgeTone } from '../../../components/badge'
import { depositOwed, lowerFirst, type NextAction } from '../overview/next-actions'

/** The ids of a step page's sections, the targets of its header's action and its section nav. */
export const STEP_SECTIONS = {
  choices: 'choices',
  quotes: 'quotes',
  progress: 'progress',
  schedule: 'schedule',
  photos: 'photos',
  warranty: 'warranty',
} as const

/** What a step page knows of its step when it says where the step stands. */
export type StepFacts = {
  route: string
  title: string
  /** Until the pool design is saved no step has an estimate (the Overview asks for it first). */
  designSaved: boolean
  done: boolean
  quotes: readonly { accepted: boolean }[]
  /** Engineering's step waits for an engineer before anything else. */
  engineerChosen: boolean
  /** The timeline's inspections; null while the timeline has not loaded. */
  inspections: readonly { slug: string; status: InspectionStatus }[] | null
  /** The step's line of the Money answer; undefined while it has not loaded. */
  money: Pick<MoneyStep, 'draws'> | undefined
  /** Whether the step's warranty is recorded; null while the warranties have not loaded. */
  hasWarranty: boolean | null
}

export type StepState = {
  status: { label: string; tone: BadgeTone }
  /** The one thing to do next on the step, if any. */
  action: NextAction | null
}

/**
 * Where a step stands and its one next action, by the Overview's rules for one step (save the
 * design; choose the engineer; get quotes and accept one; record the deposit; wait for the gating
 * inspection; mark it done), then, once done, its warranty.
 */
export function stepState(facts: StepFacts): StepState {
  const here = (text: string, hash: string): NextAction => ({ text, route: facts.route, hash })
  if (facts.done) {
    const action =
      facts.hasWarranty === false ? here('Add the warranty', STEP_SECTIONS.warranty) : null
    return { status: { label: 'Done', tone: 'success' }, action }
  }
  const notStarted = { label: 'Not started', tone: 'neutral' } as const
  if (!facts.designSaved) {
    return { status: notStarted, action: { text: 'Save your pool design', route: 'pool-design' } }
  }
  if (facts.route === 'engineering' && !facts.engineerChosen) {
    return { status: notStarted, action: here('Choose your engineer', STEP_SECTIONS.choices) }
  }
  const { quotes } = facts
  if (quotes.length === 0) {
    return { status: notStarted, action: here('Get a quote', STEP_SECTIONS.quotes) }
  }
  if (!quotes.some((quote) => quote.accepted)) {
    const text = quotes.length === 1 ? 'Get a second quote' : 'Accept a quote'
    return {
      status: { label: 'Quotes in', tone: 'info' },
      action: here(text, STEP_SECTIONS.quotes),
    }
  }
  const contracted = { label: 'Contracted', tone: 'info' } as const
  if (facts.money && depositOwed(facts.money.draws)) {
    return { status: contracted, action: { text: 'Record the deposit', route: 'budget' } }
  }
  const gate = facts.inspections && doneHeldBy(facts.route, facts.inspections)
  if (gate) {
    const status = facts.inspections?.find((i) => i.slug === gate.slug)?.status
    const text =
      status === 'scheduled'
        ? `Record the ${lowerFirst(gate.title)} result`
        : `Schedule the ${gate.title}`
    return {
      status: { label: `Waiting on the ${gate.title}`, tone: 'warning' },
      action: { text, route: 'timeline', hash: `inspection-${gate.slug}` },
    }
  }
  return { status: contracted, action: here(`Mark ${facts.title} as done`, STEP_SECTIONS.progress) }
}
