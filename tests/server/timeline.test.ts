import { desc } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { AdminFetchData, Timeline, type StepSlug } from '../../contract'
import type { CallName } from '../../contract/routes'
import { auditLog } from '../../server/db/schema'
import { bearer, expectProblem, signIn, snapshot } from '../support/http'
import { callRaw } from '../support/call'
import { austinPerTest, newClient, stageIds } from './client-kit'
import { permitsDone as permitsDoneOf, setToday as setTodayOf } from './timeline-kit'

const { t, admin, client } = austinPerTest()
let stage: Record<string, string>
beforeEach(async () => {
  stage = await stageIds(t)
  setToday('2030-03-01')
})

const setToday = (day: string) => setTodayOf(t, day)

const MONDAY = '2030-03-04'

/** A moment the server took while serving a request made after `from` (its clock runs on). */
function expectSince(iso: string | undefined, from: number) {
  const at = Date.parse(iso ?? '')
  expect(at).toBeGreaterThanOrEqual(from)
  expect(at).toBeLessThanOrEqual(t.clock.now().getTime())
}

function timelineOf(res: { statusCode: number; body: string; json: () => unknown }): Timeline {
  expect(res.statusCode, res.body).toBe(200)
  return Timeline.parse((res.json() as { Data: unknown }).Data)
}
const getTimeline = async (headers = client.headers) =>
  timelineOf(await callRaw(t, 'timeline', {}, headers))
const setStart = async (startDate: string, rebaseline?: boolean) =>
  timelineOf(
    await callRaw(t, 'setTimelineStart', { body: { startDate, rebaseline } }, client.headers),
  )
const inspect = (slug: string, body: unknown) =>
  callRaw(t, 'recordInspection', { slug, body }, client.headers)
const markDone = (step: StepSlug, done = true) =>
  callRaw(t, 'markDone', { body: { StageId: stage[step], done } }, client.headers)
const markDone1 = (Title: string, done = true) =>
  callRaw(t, 'markDone1', { body: { Title, done } }, client.headers)

const stepOf = (timeline: Timeline, step: StepSlug) => {
  const found = timeline.steps.find((s) => s.step === step)
  if (!found) throw new Error(`no ${step}`)
  return found
}
const inspectionOf = (timeline: Timeline, slug: string) => {
  const found = timeline.inspections.find((i) => i.slug === slug)
  if (!found) throw new Error(`no ${slug}`)
  return found
}

const permitsDone = () => permitsDoneOf(t, client.headers)

describe('GET /api/timeline', () => {
  it('answers every step waiting and no dates before a start date', async () => {
    const timeline = await getTimeline()
    expect(timeline).toMatchObject({
      startDate: null,
      today: '2030-03-01',
      baseline: null,
      end: { planned: null, forecast: null, slipDays: null },
    })
    expect(timeline.steps.map((s) => [s.step, s.status])).toEqual(
      timeline.steps.map((s) => [s.step, 'waiting']),
    )
    expect(timeline.steps).toHaveLength(13)
    expect(timeline.inspections.map((i) => i.slug)).toEqual([
      'layout',
      'pre-gunite',
      'pre-deck',
      'barrier',
      'final',
    ])
  })
})

describe('PUT /api/timeline/start', () => {
  it('plans from the start date and saves the baseline', async () => {
    const from = t.clock.now().getTime()
    const timeline = await setStart(MONDAY)
    expect(timeline.startDate).toBe(MONDAY)
    expect(stepOf(timeline, 'pool-design').planned).toEqual({ start: MONDAY, end: '2030-03-08' })
    expect(stepOf(timeline, 'shotcrete').planned).toEqual({
      start: '2030-04-22',
      end: '2030-04-22',
    })
    expect(timeline.end).toEqual({ planned: '2030-05-22', forecast: '2030-05-22', slipDays: 0 })
    expect(timeline.baseline?.end).toBe('2030-05-22')
    expectSince(timeline.baseline?.savedAt, from)
    expect(await getTimeline()).toEqual(timeline)
  })

  it('moves the plan but keeps the baseline, until asked to re-plan', async () => {
    const first = await setStart(MONDAY)
    t.clock.advance(60_000)
    const moved = await setStart('2030-03-11')
    expect(moved.baseline).toEqual(first.baseline)
    expect(moved.end).toEqual({ planned: '2030-05-29', forecast: '2030-05-29', slipDays: 7 })
    expect(stepOf(moved, 'steel').baseline).toEqual(stepOf(first, 'steel').planned)

    const from = t.clock.now().getTime()
    const replanned = await setStart('2030-03-11', true)
    expect(replanned.baseline?.end).toBe('2030-05-29')
    expectSince(replanned.baseline?.savedAt, from)
    expect(replanned.end.slipDays).toBe(0)
  })

  it('saves the plan as the first baseline, so a start in the past shows the slip at once', async () => {
    setToday('2030-03-15')
    const timeline = await setStart(MONDAY)
    expect(timeline.baseline?.end).toBe('2030-05-22')
    expect(timeline.end).toEqual({ planned: '2030-05-22', forecast: '2030-05-29', slipDays: 7 })
    expect(stepOf(timeline, 'pool-design')).toMatchObject({
      baseline: { start: MONDAY, end: '2030-03-08' },
      forecast: { start: MONDAY, end: '2030-03-15' },
      status: 'late',
    })
    expect((await setStart(MONDAY, true)).end.slipDays).toBe(0)
  })

  it('re-plans from what happened: a late step is in the new baseline', async () => {
    await setStart(MONDAY)
    setToday('2030-03-15')
    expect((await markDone1('Pool Design')).statusCode).toBe(200)
    expect((await getTimeline()).end.slipDays).toBe(7)
    const replanned = await setStart(MONDAY, true)
    expect(stepOf(replanned, 'pool-design').baseline).toEqual({ start: MONDAY, end: '2030-03-15' })
    expect(replanned.end).toEqual({ planned: '2030-05-22', forecast: '2030-05-29', slipDays: 0 })
  })
})

describe('marking steps done and started', () => {
  it('records the day a step is marked done, and clears it when undone', async () => {
    await setStart(MONDAY)
    setToday('2030-03-07')
    expect((await markDone1('Pool Design')).statusCode).toBe(200)
    const done = stepOf(await getTimeline(), 'pool-design')
    expect(done).toMatchObject({ doneOn: '2030-03-07', status: 'done' })
    expect(done.forecast).toEqual({ start: MONDAY, end: '2030-03-07' })
    // Marked again (a retry) keeps the first day.
    setToday('2030-03-08')
    expect((await markDone1('Pool Design')).statusCode).toBe(200)
    expect(stepOf(await getTimeline(), 'pool-design').doneOn).toBe('2030-03-07')
    expect((await markDone1('Pool Design', false)).statusCode).toBe(200)
    expect(stepOf(await getTimeline(), 'pool-design')).toMatchObject({
      doneOn: null,
      status: 'ready',
    })
  })

  it('records and clears the day a step started', async () => {
    await setStart(MONDAY)
    setToday('2030-03-05')
    const body = { step: 'steel', startedOn: '2030-03-05' }
    const started = timelineOf(await callRaw(t, 'setStepStarted', { body }, client.headers))
    expect(stepOf(started, 'steel')).toMatchObject({
      startedOn: '2030-03-05',
      status: 'in-progress',
    })
    expect(stepOf(started, 'steel').forecast.start).toBe('2030-03-05')
    const cleared = { step: 'steel', startedOn: null }
    const timeline = timelineOf(
      await callRaw(t, 'setStepStarted', { body: cleared }, client.headers),
    )
    expect(stepOf(timeline, 'steel').startedOn).toBeNull()
  })

  it('moves the forecast and the slip when a step is done late', async () => {
    await setStart(MONDAY)
    await permitsDone()
    setToday('2030-04-12')
    expect((await inspect('layout', { status: 'passed', date: '2030-04-12' })).statusCode).toBe(200)
    setToday('2030-04-16')
    expect((await markDone('excavation')).statusCode).toBe(200)
    setToday('2030-04-24')
    const late = await getTimeline()
    expect(stepOf(late, 'steel')).toMatchObject({ status: 'late', blockedBy: [] })
    expect(stepOf(late, 'steel').forecast.end).toBe('2030-04-24')
    expect(late.end.slipDays).toBe(5)
    setToday('2030-04-26')
    expect((await markDone('steel')).statusCode).toBe(200)
    const later = await getTimeline()
    expect(stepOf(later, 'steel')).toMatchObject({ status: 'done', doneOn: '2030-04-26' })
    expect(later.end.slipDays).toBe(7)
  })
})

describe('inspections', () => {
  it('refuses to schedule an inspection still waiting for its steps (409), changing nothing', async () => {
    const before = await snapshot(t)
    const problem = expectProblem(
      await inspect('layout', { status: 'scheduled', date: '2030-04-10' }),
      409,
      'INSPECTION_WAITING',
    )
    expect(problem.detail).toBe('The Layout inspection waits for Permits to be done.')
    expect(await snapshot(t)).toBe(before)
  })

  it('schedules, fails, schedules again and passes, keeping the history', async () => {
    await setStart(MONDAY)
    await permitsDone()
    expect(inspectionOf(await getTimeline(), 'layout').status).toBe('ready')
    const scheduled = timelineOf(
      await inspect('layout', { status: 'scheduled', date: '2030-04-10' }),
    )
    expect(inspectionOf(scheduled, 'layout')).toMatchObject({
      status: 'scheduled',
      date: '2030-04-10',
    })

    setToday('2030-04-10')
    const failed = { status: 'failed', date: '2030-04-10', notes: 'Setback 2 ft short' }
    const afterFail = timelineOf(await inspect('layout', failed))
    expect(inspectionOf(afterFail, 'layout')).toMatchObject({
      status: 'failed',
      notes: 'Setback 2 ft short',
    })
    expect(stepOf(afterFail, 'excavation').blockedBy).toEqual(['Layout inspection'])

    await inspect('layout', { status: 'scheduled', date: '2030-04-15' })
    setToday('2030-04-15')
    const passed = timelineOf(await inspect('layout', { status: 'passed', date: '2030-04-15' }))
    expect(inspectionOf(passed, 'layout')).toMatchObject({
      status: 'passed',
      date: '2030-04-15',
      notes: '',
      history: [
        { status: 'scheduled', date: '2030-04-10', notes: '' },
        failed,
        { status: 'scheduled', date: '2030-04-15', notes: '' },
        { status: 'passed', date: '2030-04-15', notes: '' },
      ],
    })
    expect(stepOf(passed, 'excavation')).toMatchObject({
      blockedBy: [],
      forecast: { start: '2030-04-16', end: '2030-04-17' },
    })
  })

  it('refuses to mark a gated step done until its inspection passed (409 INSPECTION_REQUIRED)', async () => {
    await setStart(MONDAY)
    await permitsDone()
    const before = await snapshot(t)
    const refused = expectProblem(await markDone('excavation'), 409, 'INSPECTION_REQUIRED')
    expect(refused.detail).toBe(
      'Excavation can be marked done once the Layout inspection has passed.',
    )
    expect(await snapshot(t)).toBe(before)

    await inspect('layout', { status: 'scheduled', date: '2030-03-01' })
    expectProblem(await markDone('excavation'), 409, 'INSPECTION_REQUIRED')
    await inspect('layout', { status: 'passed', date: '2030-03-01' })
    expect((await markDone('excavation')).statusCode).toBe(200)
    // Marking a step not done is never refused; steps without a gate are never refused.
    expect((await markDone('excavation', false)).statusCode).toBe(200)
    expect((await markDone('steel')).statusCode).toBe(200)
    expectProblem(await markDone('shotcrete'), 409, 'INSPECTION_REQUIRED')
  })
})

describe('the back office schedule', () => {
  const fetchSchedule = async () =>
    AdminFetchData.parse((await callRaw(t, 'adminFetch', {}, admin)).json().Data).Schedule

  it('lists the 13 steps with their default duration and wait', async () => {
    const schedule = await fetchSchedule()
    expect(schedule).toHaveLength(13)
    expect(schedule[0]).toEqual({
      step: 'pool-design',
      title: 'Pool Design',
      durationDays: 5,
      waitDays: 0,
    })
    expect(schedule.find((r) => r.step === 'shotcrete')).toEqual({
      step: 'shotcrete',
      title: 'Shotcrete',
      durationDays: 1,
      waitDays: 7,
    })
  })

  it("moves every client's plan and forecast, not their baseline, and audits the edit", async () => {
    const before = await setStart(MONDAY)
    const body = { durationDays: 20, waitDays: 0 }
    const res = await callRaw(t, 'editSchedule', { step: 'permits', body }, admin)
    expect(res.statusCode, res.body).toBe(200)
    const row = { step: 'permits', title: 'Permits', durationDays: 20, waitDays: 0 }
    expect(res.json()).toEqual({ Data: row })
    expect((await fetchSchedule()).find((r) => r.step === 'permits')).toEqual(row)

    const after = await getTimeline()
    expect(stepOf(after, 'permits')).toMatchObject({
      durationDays: 20,
      planned: { start: '2030-03-25', end: '2030-04-19' },
      baseline: { start: '2030-03-25', end: '2030-04-12' },
    })
    expect(after.baseline).toEqual(before.baseline)
    expect(after.end).toEqual({ planned: '2030-05-29', forecast: '2030-05-29', slipDays: 7 })

    const [audit] = await t.app.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1)
    expect(audit).toMatchObject({
      action: 'edit',
      entity: 'schedule',
      entityId: 'permits',
      before: { ...row, durationDays: 15 },
      after: row,
    })
  })

  it.each([
    ['a duration over 120 days', 'steel', { durationDays: 121, waitDays: 0 }, 'durationDays'],
    ['a negative wait', 'steel', { durationDays: 3, waitDays: -1 }, 'waitDays'],
    ['a wait over 60 days', 'steel', { durationDays: 3, waitDays: 61 }, 'waitDays'],
    ['half days', 'steel', { durationDays: 2.5, waitDays: 0 }, 'durationDays'],
    ['a missing wait', 'steel', { durationDays: 3 }, 'waitDays'],
  ])('refuses %s (400), changing nothing', async (_, step, body, field) => {
    const before = await snapshot(t)
    const problem = expectProblem(
      await callRaw(t, 'editSchedule', { step, body }, admin),
      400,
      'VALIDATION_FAILED',
    )
    expect(Object.keys(problem.errors ?? {})).toEqual([field])
    expect(await snapshot(t)).toBe(before)
  })

  it('answers 404 to an unknown step, changing nothing', async () => {
    const before = await snapshot(t)
    const body = { durationDays: 3, waitDays: 0 }
    const unknown = { step: 'diving-board', body }
    const problem = expectProblem(
      await callRaw(t, 'editSchedule', unknown, admin),
      404,
      'NOT_FOUND',
    )
    expect(problem.errors).toEqual({ step: ['Unknown step'] })
    expect(await snapshot(t)).toBe(before)
  })

  it('answers 401 signed out and 403 to a client', async () => {
    const body = { durationDays: 3, waitDays: 0 }
    expectProblem(await callRaw(t, 'editSchedule', { step: 'steel', body }, {}), 401)
    expectProblem(await callRaw(t, 'editSchedule', { step: 'steel', body }, client.headers), 403)
  })
})

describe('notification preferences', () => {
  it('are all on until the client turns one off', async () => {
    const all = {
      inspectionReminders: true,
      stepUpdates: true,
      warrantyReminders: true,
      tradeInsurance: true,
    }
    const get = () => callRaw(t, 'notifications', {}, client.headers)
    expect((await get()).json()).toEqual({ Data: all })
    const changed = { ...all, stepUpdates: false }
    const res = await callRaw(t, 'setNotifications', { body: changed }, client.headers)
    expect(res.json()).toEqual({ Data: changed })
    expect((await get()).json()).toEqual({ Data: changed })
  })
})

describe('bad input', () => {
  it.each<[string, CallName, unknown, string]>([
    ['a start date that is no date', 'setTimelineStart', { startDate: '2030-02-30' }, 'startDate'],
    [
      'a start date in another format',
      'setTimelineStart',
      { startDate: '03/04/2030' },
      'startDate',
    ],
    [
      'a start date in another century',
      'setTimelineStart',
      { startDate: '2130-03-04' },
      'startDate',
    ],
    ['no start date', 'setTimelineStart', { rebaseline: true }, 'startDate'],
    [
      'rebaseline that is not a boolean',
      'setTimelineStart',
      { startDate: MONDAY, rebaseline: 'yes' },
      'rebaseline',
    ],
    ['an unknown step', 'setStepStarted', { step: 'diving-board', startedOn: MONDAY }, 'step'],
    [
      'a start day after today',
      'setStepStarted',
      { step: 'steel', startedOn: '2030-03-02' },
      'startedOn',
    ],
    ['no start day (null clears it)', 'setStepStarted', { step: 'steel' }, 'startedOn'],
    ['a passed inspection without a date', 'recordInspection', { status: 'passed' }, 'date'],
    [
      'a failed inspection without a date',
      'recordInspection',
      { status: 'failed', notes: 'x' },
      'date',
    ],
    [
      'an inspection passed after today',
      'recordInspection',
      { status: 'passed', date: '2030-03-02' },
      'date',
    ],
    ['an unknown status', 'recordInspection', { status: 'waiting', date: MONDAY }, 'status'],
    [
      'notes too long',
      'recordInspection',
      { status: 'failed', date: MONDAY, notes: 'x'.repeat(2001) },
      'notes',
    ],
    [
      'a missing switch',
      'setNotifications',
      { inspectionReminders: true, stepUpdates: false, warrantyReminders: true },
      'tradeInsurance',
    ],
    [
      'an unknown field',
      'setNotifications',
      {
        inspectionReminders: true,
        stepUpdates: true,
        warrantyReminders: true,
        tradeInsurance: true,
        sms: true,
      },
      'sms',
    ],
  ])('refuses %s (400), changing nothing', async (_, name, body, field) => {
    await permitsDone()
    const before = await snapshot(t)
    // The inspections are refused on the layout's; the other calls take no slug.
    const res = await callRaw(t, name, { slug: 'layout', body }, client.headers)
    const problem = expectProblem(res, 400, 'VALIDATION_FAILED')
    expect(Object.keys(problem.errors ?? {})).toEqual([field])
    expect(await snapshot(t)).toBe(before)
  })

  it('answers 404 to an unknown inspection, changing nothing', async () => {
    await permitsDone()
    const before = await snapshot(t)
    const body = { status: 'scheduled', date: MONDAY }
    const problem = expectProblem(
      await callRaw(t, 'recordInspection', { slug: 'roof', body }, client.headers),
      404,
      'NOT_FOUND',
    )
    expect(problem).toMatchObject({
      detail: 'Unknown inspection.',
      errors: { slug: ['Unknown inspection'] },
    })
    expect(await snapshot(t)).toBe(before)
  })

  it('refuses a start day after the day the step was done', async () => {
    await permitsDone()
    setToday('2030-03-05')
    const before = await snapshot(t)
    const body = { step: 'permits', startedOn: '2030-03-04' }
    const problem = expectProblem(await callRaw(t, 'setStepStarted', { body }, client.headers), 400)
    expect(problem.errors).toEqual({
      startedOn: ['A step starts on or before the day it was done'],
    })
    expect(await snapshot(t)).toBe(before)
  })
})

describe('access', () => {
  it("shows a client only their own timeline; another client's writes do not reach it", async () => {
    const other = await newClient(t, 'other@example.com')
    await setStart(MONDAY)
    await callRaw(
      t,
      'setStepStarted',
      { body: { step: 'pool-design', startedOn: '2030-03-01' } },
      client.headers,
    )
    const theirs = await getTimeline(other.headers)
    expect(theirs.startDate).toBeNull()
    expect(stepOf(theirs, 'pool-design').startedOn).toBeNull()
    await callRaw(
      t,
      'setNotifications',
      {
        body: {
          inspectionReminders: false,
          stepUpdates: false,
          warrantyReminders: false,
          tradeInsurance: false,
        },
      },
      other.headers,
    )
    const mine = await callRaw(t, 'notifications', {}, client.headers)
    expect(mine.json()).toEqual({
      Data: {
        inspectionReminders: true,
        stepUpdates: true,
        warrantyReminders: true,
        tradeInsurance: true,
      },
    })
  })

  it('answers 401 signed out, 403 to an admin and to a client we do not serve', async () => {
    const { session } = await signIn(t, 'reno@example.com', {
      asNewClient: true,
      details: { city: 'Reno', state: 'NV' },
    })
    for (const name of ['timeline', 'notifications'] as const) {
      expectProblem(await callRaw(t, name, {}, {}), 401)
      expectProblem(await callRaw(t, name, {}, admin), 403)
      expectProblem(await callRaw(t, name, {}, bearer(session.Token)), 403)
    }
  })
})

describe('the OpenAPI document', () => {
  it("documents the timeline's calls and the Schedule's edit", async () => {
    const res = await t.app.inject('/api/docs/json')
    expect(res.statusCode).toBe(200)
    const { paths } = res.json() as {
      paths: Record<string, Record<string, { summary?: string; requestBody?: unknown }>>
    }
    for (const [path, method] of [
      ['/api/timeline', 'get'],
      ['/api/timeline/start', 'put'],
      ['/api/timeline/started', 'put'],
      ['/api/inspections/{slug}', 'put'],
      ['/api/notifications', 'get'],
      ['/api/notifications', 'put'],
      ['/api/admin/schedule/edit/{step}', 'put'],
    ] as const)
      expect(paths[path]?.[method]?.summary, `${method} ${path}`).toBeTruthy()
    expect(paths['/api/inspections/{slug}']?.put?.requestBody).toBeDefined()
  })
})
