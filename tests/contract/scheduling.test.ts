import { describe, expect, it } from 'vitest'
import {
  DEFAULT_SCHEDULE,
  type InspectionSlug,
  type ScheduleSettings,
  type StepSlug,
} from '../../contract/construction'
import {
  firstBaseline,
  replannedBaseline,
  plan,
  timeline,
  type InspectionRecord,
  type ProjectFacts,
  type StepRecord,
} from '../../contract/scheduling'
import type { InspectionEvent, Timeline } from '../../contract/timeline'

const MONDAY = '2030-03-04'
const SAVED_AT = '2030-03-01T09:00:00.000Z'

/** The default plan from Monday 4 March 2030, worked out by hand from §9's table. */
const DEFAULT_PLAN: [StepSlug, string, string][] = [
  ['pool-design', '2030-03-04', '2030-03-08'], // Mon–Fri, 5 working days
  ['engineering', '2030-03-11', '2030-03-22'], // 10 working days over two weeks
  ['permits', '2030-03-25', '2030-04-12'], // 15 working days over three weeks
  ['excavation', '2030-04-15', '2030-04-16'],
  ['steel', '2030-04-17', '2030-04-19'], // steel, plumbing and electrical start together
  ['plumbing', '2030-04-17', '2030-04-18'],
  ['electrical', '2030-04-17', '2030-04-17'],
  ['shotcrete', '2030-04-22', '2030-04-22'], // after the longest of the three (steel)
  ['tile', '2030-04-30', '2030-05-03'], // Monday's shell + 7 days = Monday 29, so Tuesday
  ['decking', '2030-05-06', '2030-05-09'],
  ['extras', '2030-05-10', '2030-05-13'], // Friday and Monday
  ['interior', '2030-05-14', '2030-05-15'], // extras end and shell + 21 days agree: Tuesday
  ['pool-startup', '2030-05-16', '2030-05-22'],
]
const PLANNED = Object.fromEntries(DEFAULT_PLAN.map(([step, start, end]) => [step, { start, end }]))
const PLANNED_END = '2030-05-22'

const facts = (overrides: Partial<ProjectFacts> = {}): ProjectFacts => ({
  startDate: MONDAY,
  baseline: null,
  steps: {},
  inspections: {},
  ...overrides,
})

/** The facts with the baseline saved before the start, when nothing had happened. */
const baselined = (f: ProjectFacts, settings = DEFAULT_SCHEDULE): ProjectFacts => ({
  ...f,
  baseline: firstBaseline(
    { ...f, startDate: MONDAY, steps: {}, inspections: {} },
    settings,
    SAVED_AT,
  ),
})

/** Steps done exactly as planned. */
const doneAsPlanned = (...steps: StepSlug[]): Partial<Record<StepSlug, StepRecord>> =>
  Object.fromEntries(
    steps.map((step) => [step, { startedOn: PLANNED[step]?.start, doneOn: PLANNED[step]?.end }]),
  )

const inspection = (...history: InspectionEvent[]): InspectionRecord => {
  const latest = history.at(-1)
  if (!latest) throw new Error('an inspection record needs an event')
  return { ...latest, history }
}

const stepOf = (t: Timeline, step: StepSlug) => {
  const found = t.steps.find((s) => s.step === step)
  if (!found) throw new Error(`no ${step}`)
  return found
}
const inspectionOf = (t: Timeline, slug: InspectionSlug) =>
  t.inspections.find((i) => i.slug === slug)

const UP_TO_SHOTCRETE: StepSlug[] = [
  'pool-design',
  'engineering',
  'permits',
  'excavation',
  'steel',
  'plumbing',
  'electrical',
]

describe('the plan', () => {
  it.each(DEFAULT_PLAN)('from a Monday start puts %s on %s – %s', (step, start, end) => {
    expect(plan(MONDAY, DEFAULT_SCHEDULE)[step]).toEqual({ start, end })
  })

  it('lists every step once, in construction order', () => {
    expect(Object.keys(plan(MONDAY, DEFAULT_SCHEDULE))).toEqual(DEFAULT_PLAN.map(([s]) => s))
  })

  it.each([
    ['a Saturday', '2030-03-02', '2030-03-04', PLANNED_END],
    ['a Sunday', '2030-03-03', '2030-03-04', PLANNED_END],
    ['a Friday', '2030-03-01', '2030-03-01', '2030-05-21'],
  ])('from %s (%s) starts on %s and ends on %s', (_day, startDate, firstDay, end) => {
    const planned = plan(startDate, DEFAULT_SCHEDULE)
    expect(planned['pool-design'].start).toBe(firstDay)
    expect(planned['pool-startup'].end).toBe(end)
  })

  it.each<[string, Partial<ScheduleSettings>, string]>([
    ['both agree by default', {}, '2030-05-14'],
    [
      'shotcrete + 21 days, when tile, decking and extras are quick',
      { tile: { durationDays: 1, waitDays: 0 }, decking: { durationDays: 1, waitDays: 0 } },
      '2030-05-14',
    ],
    [
      'extras, when they take two weeks',
      { extras: { durationDays: 10, waitDays: 0 } },
      '2030-05-24', // extras 10 May – 23 May
    ],
  ])('starts interior after %s', (_why, changes, start) => {
    const settings = { ...DEFAULT_SCHEDULE, ...changes }
    expect(plan(MONDAY, settings).interior.start).toBe(start)
  })

  it('lets a step of 0 days start and end on the day it may start, holding nobody up', () => {
    const settings = { ...DEFAULT_SCHEDULE, engineering: { durationDays: 0, waitDays: 0 } }
    const planned = plan(MONDAY, settings)
    expect(planned.engineering).toEqual({ start: '2030-03-11', end: '2030-03-11' })
    expect(planned.permits.start).toBe('2030-03-11')
  })

  it('starts a gated step after its inspection when that is later', () => {
    const scheduled = { status: 'scheduled', date: '2030-04-24', notes: '' } as const
    const planned = plan(MONDAY, DEFAULT_SCHEDULE, { 'pre-gunite': inspection(scheduled) })
    expect(planned.shotcrete).toEqual({ start: '2030-04-25', end: '2030-04-25' })
    const early = { ...scheduled, date: '2030-04-15' }
    expect(
      plan(MONDAY, DEFAULT_SCHEDULE, { 'pre-gunite': inspection(early) }).shotcrete.start,
    ).toBe('2030-04-22')
  })
})

describe('the timeline before a start date', () => {
  // Computed in each test, where Stryker's mutants are active, not while the file loads.
  const undated = () => timeline(facts({ startDate: null }), DEFAULT_SCHEDULE, '2030-03-01')

  it('has no dates and every step waiting', () => {
    const t = undated()
    expect(t.startDate).toBeNull()
    expect(t.baseline).toBeNull()
    expect(t.end).toEqual({ planned: null, forecast: null, slipDays: null })
    for (const step of t.steps) {
      expect(step.planned).toEqual({ start: null, end: null })
      expect(step.forecast).toEqual({ start: null, end: null })
      expect(step.baseline).toBeNull()
      expect(step.status).toBe('waiting')
    }
  })

  it('names the start date as what blocks every step', () => {
    const t = undated()
    expect(stepOf(t, 'pool-design').blockedBy).toEqual(['Project start date'])
    expect(stepOf(t, 'engineering').blockedBy).toEqual(['Project start date', 'Pool Design'])
  })

  it('carries the durations and waits, and the five inspections waiting', () => {
    const t = undated()
    expect(stepOf(t, 'shotcrete')).toMatchObject({ durationDays: 1, waitDays: 7 })
    expect(t.inspections.map((i) => [i.slug, i.gates, i.status])).toEqual([
      ['layout', 'excavation', 'waiting'],
      ['pre-gunite', 'shotcrete', 'waiting'],
      ['pre-deck', 'decking', 'waiting'],
      ['barrier', 'interior', 'waiting'],
      ['final', null, 'waiting'],
    ])
  })
})

describe('the forecast', () => {
  it('is the plan while nothing has happened and today is before the start', () => {
    const t = timeline(baselined(facts()), DEFAULT_SCHEDULE, '2030-03-01')
    for (const [step, start, end] of DEFAULT_PLAN) {
      expect(stepOf(t, step).forecast).toEqual({ start, end })
      expect(stepOf(t, step).baseline).toEqual({ start, end })
    }
    expect(t.end).toEqual({ planned: PLANNED_END, forecast: PLANNED_END, slipDays: 0 })
    expect(t.baseline).toEqual({ savedAt: SAVED_AT, end: PLANNED_END })
  })

  it('ends a step not done today at the earliest, pushing its followers', () => {
    const steps = { ...doneAsPlanned('pool-design', 'engineering', 'permits', 'excavation') }
    steps.steel = { startedOn: '2030-04-17', doneOn: null }
    const t = timeline(baselined(facts({ steps })), DEFAULT_SCHEDULE, '2030-04-25')
    const forecast = (step: StepSlug) => stepOf(t, step).forecast
    expect(forecast('steel')).toEqual({ start: '2030-04-17', end: '2030-04-25' })
    expect(forecast('plumbing')).toEqual({ start: '2030-04-17', end: '2030-04-25' })
    expect(forecast('shotcrete')).toEqual({ start: '2030-04-26', end: '2030-04-26' })
    expect(forecast('tile')).toEqual({ start: '2030-05-06', end: '2030-05-09' }) // 4 May is a Saturday
    expect(forecast('interior')).toEqual({ start: '2030-05-20', end: '2030-05-21' })
    expect(t.end).toEqual({ planned: PLANNED_END, forecast: '2030-05-28', slipDays: 6 })
    expect(stepOf(t, 'steel')).toMatchObject({ status: 'late', blockedBy: [] })
    expect(stepOf(t, 'shotcrete').planned).toEqual(PLANNED.shotcrete)
  })

  it.each([
    ['late', '2030-04-24', '2030-04-25', 5],
    ['early', '2030-04-18', '2030-04-19', -1],
  ])('moves the followers of a step done %s (on %s): shotcrete on %s', (_, doneOn, shot, slip) => {
    const steps = {
      ...doneAsPlanned(...UP_TO_SHOTCRETE),
      steel: { startedOn: '2030-04-17', doneOn },
    }
    const t = timeline(baselined(facts({ steps })), DEFAULT_SCHEDULE, '2030-04-17')
    expect(stepOf(t, 'steel').forecast).toEqual({ start: '2030-04-17', end: doneOn })
    expect(stepOf(t, 'shotcrete').forecast.start).toBe(shot)
    expect(t.end.slipDays).toBe(slip)
  })

  it('takes a recorded start date over the computed one', () => {
    const steps = { 'pool-design': { startedOn: '2030-03-06', doneOn: null } }
    const t = timeline(facts({ steps }), DEFAULT_SCHEDULE, '2030-03-06')
    expect(stepOf(t, 'pool-design').forecast).toEqual({ start: '2030-03-06', end: '2030-03-12' })
    expect(stepOf(t, 'pool-design').status).toBe('in-progress')
    expect(stepOf(t, 'engineering').forecast.start).toBe('2030-03-13')
  })
})

describe('a failed, then passed, inspection', () => {
  const steps = doneAsPlanned(...UP_TO_SHOTCRETE)
  const scheduled = (date: string): InspectionEvent => ({ status: 'scheduled', date, notes: '' })
  const failed: InspectionEvent = { status: 'failed', date: '2030-04-22', notes: 'No bonding lug' }
  const passed: InspectionEvent = { status: 'passed', date: '2030-04-26', notes: '' }

  // Each row: the history so far, today, then the shotcrete start planned and forecast, and
  // the slip of the whole project against the baseline saved before anything happened.
  it.each<[string, InspectionEvent[], string, string, string, string, number]>([
    [
      'scheduled on the planned shotcrete day',
      [scheduled('2030-04-22')],
      '2030-04-19',
      'scheduled',
      '2030-04-23',
      '2030-04-23',
      1,
    ],
    // Another visit cannot happen before today (Wednesday): Thursday at the earliest.
    [
      'failed',
      [scheduled('2030-04-22'), failed],
      '2030-04-24',
      'failed',
      '2030-04-23',
      '2030-04-25',
      5,
    ],
    [
      'scheduled again',
      [scheduled('2030-04-22'), failed, scheduled('2030-04-26')],
      '2030-04-24',
      'scheduled',
      '2030-04-29',
      '2030-04-29',
      7,
    ],
    [
      'passed',
      [scheduled('2030-04-22'), failed, scheduled('2030-04-26'), passed],
      '2030-04-26',
      'passed',
      '2030-04-29',
      '2030-04-29',
      7,
    ],
  ])('%s', (_, history, today, status, planned, forecast, slipDays) => {
    const f = baselined(facts({ steps, inspections: { 'pre-gunite': inspection(...history) } }))
    const t = timeline(f, DEFAULT_SCHEDULE, today)
    expect(inspectionOf(t, 'pre-gunite')).toMatchObject({
      status,
      date: history.at(-1)?.date,
      notes: history.at(-1)?.notes,
      history,
    })
    expect(stepOf(t, 'shotcrete').planned.start).toBe(planned)
    expect(stepOf(t, 'shotcrete').forecast.start).toBe(forecast)
    expect(t.end.slipDays).toBe(slipDays)
    const blockedBy = status === 'passed' ? [] : ['Pre-gunite inspection']
    expect(stepOf(t, 'shotcrete').blockedBy).toEqual(blockedBy)
  })
})

describe('an inspection’s history', () => {
  it('is in date order, a visit moved earlier before the one it replaced', () => {
    const steps = doneAsPlanned(...UP_TO_SHOTCRETE)
    const later: InspectionEvent = { status: 'scheduled', date: '2030-04-26', notes: '' }
    const sooner: InspectionEvent = { status: 'scheduled', date: '2030-04-22', notes: '' }
    const passed: InspectionEvent = { status: 'passed', date: '2030-04-22', notes: 'All good' }
    const f = facts({ steps, inspections: { 'pre-gunite': inspection(later, sooner, passed) } })
    const t = timeline(f, DEFAULT_SCHEDULE, '2030-04-22')
    expect(inspectionOf(t, 'pre-gunite')).toMatchObject({
      status: 'passed',
      history: [sooner, passed, later],
    })
  })
})

describe('status and blockedBy', () => {
  type Case = [string, Partial<ProjectFacts>, string, StepSlug, string, string[]]
  it.each<Case>([
    [
      'the project has not started yet',
      {},
      '2030-03-01',
      'pool-design',
      'waiting',
      ['Project start date'],
    ],
    ['the project starts today', {}, MONDAY, 'pool-design', 'ready', []],
    ['what it follows is not done', {}, MONDAY, 'engineering', 'waiting', ['Pool Design']],
    [
      'it has started',
      { steps: { 'pool-design': { startedOn: MONDAY, doneOn: null } } },
      '2030-03-05',
      'pool-design',
      'in-progress',
      [],
    ],
    ['its baseline end has passed', {}, '2030-03-11', 'pool-design', 'late', []],
    [
      'it is done',
      { steps: doneAsPlanned('pool-design') },
      '2030-03-11',
      'pool-design',
      'done',
      [],
    ],
    [
      'its inspection has not passed',
      { steps: doneAsPlanned('pool-design', 'engineering', 'permits') },
      '2030-04-12',
      'excavation',
      'waiting',
      ['Layout inspection'],
    ],
    [
      'its inspection passed',
      {
        steps: doneAsPlanned('pool-design', 'engineering', 'permits'),
        inspections: {
          layout: inspection({ status: 'passed', date: '2030-04-12', notes: '' }),
        },
      },
      '2030-04-15',
      'excavation',
      'ready',
      [],
    ],
    [
      'the shell cures (day 7 of 7)',
      { steps: doneAsPlanned(...UP_TO_SHOTCRETE, 'shotcrete') },
      '2030-04-29',
      'tile',
      'waiting',
      ['Shotcrete + 7 days'],
    ],
    [
      'the shell has cured',
      { steps: doneAsPlanned(...UP_TO_SHOTCRETE, 'shotcrete') },
      '2030-04-30',
      'tile',
      'ready',
      [],
    ],
    [
      'extras are done but the plaster waits 21 days for the shell, and the barrier',
      {
        steps: {
          ...doneAsPlanned(...UP_TO_SHOTCRETE, 'shotcrete'),
          extras: { startedOn: null, doneOn: '2030-05-02' },
        },
      },
      '2030-05-13',
      'interior',
      'waiting',
      ['Shotcrete + 21 days', 'Barrier inspection'],
    ],
    [
      'the shell is 21 days old, and the barrier passed',
      {
        steps: {
          ...doneAsPlanned(...UP_TO_SHOTCRETE, 'shotcrete'),
          extras: { startedOn: null, doneOn: '2030-05-02' },
        },
        inspections: { barrier: inspection({ status: 'passed', date: '2030-05-03', notes: '' }) },
      },
      '2030-05-14',
      'interior',
      'ready',
      [],
    ],
  ])('when %s', (_, overrides, today, step, status, blockedBy) => {
    const t = timeline(baselined(facts(overrides)), DEFAULT_SCHEDULE, today)
    expect(stepOf(t, step)).toMatchObject({ status, blockedBy })
  })

  it.each<[string, StepSlug[], string]>([
    ['waiting while steel, plumbing or electrical is not done', ['steel', 'plumbing'], 'waiting'],
    ['ready once all three are done', ['steel', 'plumbing', 'electrical'], 'ready'],
  ])('shows the pre-gunite inspection %s', (_, done, status) => {
    const t = timeline(facts({ steps: doneAsPlanned(...done) }), DEFAULT_SCHEDULE, '2030-04-19')
    expect(inspectionOf(t, 'pre-gunite')?.status).toBe(status)
  })
})

describe('re-planning', () => {
  // Pool design took a week more than planned: everything after it moves a week.
  const late = baselined(
    facts({ steps: { 'pool-design': { startedOn: MONDAY, doneOn: '2030-03-15' } } }),
  )
  const today = '2030-03-15'

  it('saves the plan as the first baseline, whatever has happened by then', () => {
    const first = firstBaseline({ ...late, startDate: MONDAY }, DEFAULT_SCHEDULE, SAVED_AT)
    expect(first.end).toBe(PLANNED_END)
    expect(first.steps['pool-design']).toEqual(PLANNED['pool-design'])
  })

  it('shows the slip against the first baseline', () => {
    const t = timeline(late, DEFAULT_SCHEDULE, today)
    expect(t.end).toEqual({ planned: PLANNED_END, forecast: '2030-05-29', slipDays: 7 })
    expect(stepOf(t, 'engineering').baseline).toEqual(PLANNED.engineering)
  })

  it('saves the forecast as the new baseline, so the slip is 0 again', () => {
    const savedAt = '2030-03-15T17:00:00.000Z'
    const replanned = {
      ...late,
      baseline: replannedBaseline({ ...late, startDate: MONDAY }, DEFAULT_SCHEDULE, today, savedAt),
    }
    const t = timeline(replanned, DEFAULT_SCHEDULE, today)
    expect(t.baseline).toEqual({ savedAt, end: '2030-05-29' })
    expect(t.end.slipDays).toBe(0)
    expect(stepOf(t, 'pool-design').baseline).toEqual({ start: MONDAY, end: '2030-03-15' })
    expect(stepOf(t, 'engineering').baseline).toEqual({ start: '2030-03-18', end: '2030-03-29' })
  })

  it('moves the plan and the forecast, not the baseline, when a duration changes', () => {
    const settings = { ...DEFAULT_SCHEDULE, permits: { durationDays: 20, waitDays: 0 } }
    const t = timeline(late, settings, today)
    expect(t.end.planned).toBe('2030-05-29')
    expect(t.end.forecast).toBe('2030-06-05')
    expect(t.baseline?.end).toBe(PLANNED_END)
    expect(t.end.slipDays).toBe(14)
  })

  it('ends the project with the final inspection when it is later than the last step', () => {
    const final = inspection({ status: 'scheduled', date: '2030-05-31', notes: '' })
    const t = timeline({ ...late, inspections: { final } }, DEFAULT_SCHEDULE, today)
    expect(t.end.forecast).toBe('2030-05-31')
    expect(t.end.planned).toBe('2030-05-31')
  })
})

describe('a forecast from what was recorded', () => {
  const forecastOf = (f: ProjectFacts, today: string, step: StepSlug) =>
    stepOf(timeline(f, DEFAULT_SCHEDULE, today), step).forecast

  it('starts a step recorded done without a start on its day done when that is earlier', () => {
    // The design was done the Friday before the project's start date.
    const early = { 'pool-design': { startedOn: null, doneOn: '2030-03-01' } }
    expect(forecastOf(facts({ steps: early }), '2030-03-05', 'pool-design')).toEqual({
      start: '2030-03-01',
      end: '2030-03-01',
    })
    const late = { 'pool-design': { startedOn: null, doneOn: '2030-03-13' } }
    expect(forecastOf(facts({ steps: late }), '2030-03-13', 'pool-design')).toEqual({
      start: MONDAY,
      end: '2030-03-13',
    })
  })

  it('starts a gated step the day after its inspection passed, however long ago', () => {
    const passed = inspection({ status: 'passed', date: '2030-04-17', notes: '' })
    const f = facts({
      steps: doneAsPlanned('pool-design', 'engineering', 'permits'),
      inspections: { layout: passed },
    })
    expect(forecastOf(f, '2030-04-30', 'excavation').start).toBe('2030-04-18')
  })
})
