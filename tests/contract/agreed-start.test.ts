import { describe, expect, it } from 'vitest'
import { DEFAULT_SCHEDULE, type StepSlug } from '../../contract/construction'
import {
  agreedStartBlocker,
  firstBaseline,
  timeline,
  type ProjectFacts,
} from '../../contract/scheduling'
import type { Timeline } from '../../contract/timeline'

/**
 * A start agreed with a step's trade (an accepted date proposal, PRODUCT.md §14) is a "not
 * before" of the forecast. From Monday 4 March 2030 the default plan has excavation on 15–16
 * April, steel 17–19 April (plumbing and electrical beside it) and shotcrete on 22 April.
 */
const MONDAY = '2030-03-04'
const BEFORE_THE_START = '2030-03-01'

function timelineWith(excavation: ProjectFacts['steps']['excavation']): Timeline {
  const facts: ProjectFacts = {
    startDate: MONDAY,
    baseline: null,
    steps: excavation ? { excavation } : {},
    inspections: {},
  }
  const baseline = firstBaseline({ ...facts, startDate: MONDAY }, DEFAULT_SCHEDULE, 'saved')
  return timeline({ ...facts, baseline }, DEFAULT_SCHEDULE, BEFORE_THE_START)
}

const agreed = (agreedStart: string) => ({ startedOn: null, doneOn: null, agreedStart })

const stepOf = (t: Timeline, step: StepSlug) => {
  const found = t.steps.find((s) => s.step === step)
  if (!found) throw new Error(`no ${step}`)
  return found
}

describe("a step's agreed start", () => {
  it('moves its forecast and what follows it, not the plan nor the baseline', () => {
    const before = timelineWith(undefined)
    const t = timelineWith(agreed('2030-04-22'))
    const excavation = stepOf(t, 'excavation')
    expect(excavation.forecast).toEqual({ start: '2030-04-22', end: '2030-04-23' })
    expect(excavation.planned).toEqual({ start: '2030-04-15', end: '2030-04-16' })
    expect(excavation.baseline).toEqual(excavation.planned)
    expect(stepOf(t, 'steel').forecast).toEqual({ start: '2030-04-24', end: '2030-04-26' })
    expect(stepOf(t, 'electrical').forecast.start).toBe('2030-04-24')
    expect(stepOf(t, 'shotcrete').forecast.start).toBe('2030-04-29')
    expect(stepOf(t, 'steel').planned).toEqual(stepOf(before, 'steel').planned)
    // What comes before the step keeps its dates.
    expect(stepOf(t, 'permits').forecast).toEqual(stepOf(before, 'permits').forecast)
    expect(t.end.planned).toBe(before.end.planned)
    expect(t.end.slipDays).toBe(7)
  })

  it('cannot start the step before what it follows is done', () => {
    const t = timelineWith(agreed('2030-04-01'))
    expect(stepOf(t, 'excavation').forecast).toEqual({ start: '2030-04-15', end: '2030-04-16' })
    expect(t.end.slipDays).toBe(0)
  })

  it('falling on a weekend, starts the step the Monday after', () => {
    const t = timelineWith(agreed('2030-04-20'))
    expect(stepOf(t, 'excavation').forecast.start).toBe('2030-04-22')
  })

  it('gives way to the day the step was recorded to start', () => {
    const t = timelineWith({ startedOn: '2030-04-16', doneOn: null, agreedStart: '2030-04-22' })
    expect(stepOf(t, 'excavation').forecast).toEqual({ start: '2030-04-16', end: '2030-04-17' })
  })

  it('keeps a step that could start waiting, not ready, until the agreed day', () => {
    const facts: ProjectFacts = {
      startDate: MONDAY,
      baseline: null,
      steps: { 'pool-design': agreed('2030-03-06') },
      inspections: {},
    }
    const on = (today: string) => stepOf(timeline(facts, DEFAULT_SCHEDULE, today), 'pool-design')
    expect(on('2030-03-05')).toMatchObject({
      status: 'waiting',
      blockedBy: [agreedStartBlocker('2030-03-06')],
    })
    expect(on('2030-03-06')).toMatchObject({ status: 'ready', blockedBy: [] })
  })
})
