// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { DEFAULT_SCHEDULE, type StepSlug } from '../../../contract'
import { firstBaseline, timeline, type ProjectFacts } from '../../../contract/scheduling'
import { nextActions } from '../../../src/features/builder/overview/next-actions'
import { designEntry, emptyPoolData, STAGES } from './harness'

const project = {
  stages: STAGES,
  poolData: emptyPoolData({ nonStages: [designEntry()] }),
  Engineers: [],
}
const START = '2026-06-01'

/** A project started on Jun 1 with its first baseline, the steps `done` done on `doneOn`. */
function facts(done: Partial<Record<StepSlug, string>>, passed: ProjectFacts['inspections'] = {}) {
  const started: ProjectFacts = { startDate: START, baseline: null, steps: {}, inspections: {} }
  const baseline = firstBaseline(
    { ...started, startDate: START },
    DEFAULT_SCHEDULE,
    `${START}T00:00:00.000Z`,
  )
  const steps = Object.fromEntries(
    Object.entries(done).map(([step, doneOn]) => [step, { startedOn: null, doneOn }]),
  )
  return { ...started, baseline, steps, inspections: passed }
}

const pass = (date: string) => ({ status: 'passed' as const, date, notes: '', history: [] })
const texts = (f: ProjectFacts, today: string) =>
  nextActions(project, timeline(f, DEFAULT_SCHEDULE, today)).map((a) => a.text)

// The baseline from Jun 1: permits end Jul 10, steel Jul 15–17, shotcrete Jul 20, tile Jul 28–31.
const UP_TO_PERMITS = {
  'pool-design': '2026-06-05',
  engineering: '2026-06-19',
  permits: '2026-07-10',
}
const UP_TO_TRADES = {
  ...UP_TO_PERMITS,
  excavation: '2026-07-14',
  plumbing: '2026-07-16',
  electrical: '2026-07-15',
}

describe('next actions for dates', () => {
  it('asks for the start date first', () => {
    const none = timeline(
      { startDate: null, baseline: null, steps: {}, inspections: {} },
      DEFAULT_SCHEDULE,
      START,
    )
    expect(nextActions(project, none)[0]).toEqual({
      text: 'Set the project start date',
      route: 'timeline',
    })
  })

  it('asks for an inspection once what it follows is done', () => {
    expect(texts(facts(UP_TO_PERMITS), '2026-07-10')[0]).toBe('Schedule the layout inspection')
  })

  it('says how late a step is against the baseline', () => {
    const actions = texts(facts(UP_TO_TRADES, { layout: pass('2026-07-10') }), '2026-07-21')
    expect(actions[0]).toBe('Steel is 4 days late')
  })

  it('says when a step waiting for a cure can start', () => {
    const done = { ...UP_TO_TRADES, steel: '2026-07-17', shotcrete: '2026-07-20' }
    const inspections = { layout: pass('2026-07-10'), 'pre-gunite': pass('2026-07-17') }
    expect(texts(facts(done, inspections), '2026-07-21')[0]).toBe(
      'Tile & Coping can start on Jul 28',
    )
  })

  it('keeps to five, dates first', () => {
    expect(texts(facts(UP_TO_PERMITS), '2026-07-10')).toHaveLength(5)
  })
})
