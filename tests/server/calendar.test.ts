import { addDays, formatISO, parseISO } from 'date-fns'
import { beforeEach, describe, expect, it } from 'vitest'
import { CalendarTokenData, Timeline } from '../../contract'
import { expectProblem } from '../support/http'
import { callRaw } from '../support/call'
import { calendarOf } from '../support/ical'
import { austinPerTest } from './client-kit'
import { permitsDone, setToday } from './timeline-kit'

const { t, client } = austinPerTest({ PUBLIC_URL: 'https://pool.example.com' })
beforeEach(async () => {
  setToday(t, '2030-03-01')
})

async function newAddress() {
  const res = await callRaw(t, 'rotateCalendarToken', {}, client.headers)
  expect(res.statusCode, res.body).toBe(200)
  const { url } = CalendarTokenData.parse((res.json() as { Data: unknown }).Data)
  expect(url).toMatch(/^https:\/\/pool\.example\.com\/api\/calendar\/[\w-]{22,}\.ics$/)
  return new URL(url).pathname
}

async function feed(path: string) {
  const res = await t.app.inject({ method: 'GET', url: path })
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8')
  return calendarOf(res.body)
}

const dayAfter = (iso: string) => formatISO(addDays(parseISO(iso), 1), { representation: 'date' })

describe('the calendar feed', () => {
  it('has one all-day event per step over its forecast, and one per inspection with its result', async () => {
    await callRaw(t, 'setTimelineStart', { body: { startDate: '2030-03-04' } }, client.headers)
    await permitsDone(t, client.headers)
    const scheduled = { status: 'scheduled', date: '2030-04-10' }
    const res = await callRaw(
      t,
      'recordInspection',
      { slug: 'layout', body: scheduled },
      client.headers,
    )
    expect(res.statusCode, res.body).toBe(200)
    const timeline = Timeline.parse((res.json() as { Data: unknown }).Data)
    const path = await newAddress()

    const calendar = await feed(path)
    expect(calendar.prodid).toBe('-//PoolPath//Timeline//EN')
    expect(calendar.name).toBe('Pool build')
    const { events } = calendar
    expect(events).toHaveLength(14)
    // One opaque id for the project, which tells nobody holding the link who the client is.
    const projectUid = /^([\w-]{22})-pool-design@poolpath$/.exec(events[0]?.uid ?? '')?.[1]
    expect(projectUid).toBeDefined()
    for (const event of events) expect(event.uid).not.toContain(client.id)
    for (const { step, title, forecast } of timeline.steps) {
      // iCalendar's end is exclusive: the day after the step's last day.
      expect(events.find((e) => e.uid === `${projectUid}-${step}@poolpath`)).toEqual({
        uid: `${projectUid}-${step}@poolpath`,
        summary: title,
        dtstamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        start: forecast.start,
        end: dayAfter(forecast.end ?? ''),
        allDay: true,
      })
    }
    const layoutUid = `${projectUid}-inspection-layout@poolpath`
    expect(events.find((e) => e.uid === layoutUid)).toMatchObject({
      summary: 'Layout inspection',
      start: '2030-04-10',
      end: '2030-04-11',
    })

    // The inspection moves: the same UIDs, so a calendar app updates its events in place.
    const moved = { status: 'scheduled', date: '2030-04-17' }
    await callRaw(t, 'recordInspection', { slug: 'layout', body: moved }, client.headers)
    const again = (await feed(path)).events
    expect(again.map((e) => e.uid)).toEqual(events.map((e) => e.uid))
    expect(again.find((e) => e.uid === layoutUid)?.start).toBe('2030-04-17')

    // Passed, it stays where it was, marked passed.
    setToday(t, '2030-04-17')
    const passed = { status: 'passed', date: '2030-04-17' }
    const pass = await callRaw(
      t,
      'recordInspection',
      { slug: 'layout', body: passed },
      client.headers,
    )
    expect(pass.statusCode, pass.body).toBe(200)
    expect((await feed(path)).events.find((e) => e.uid === layoutUid)).toMatchObject({
      summary: 'Layout inspection — passed',
      start: '2030-04-17',
    })
  })

  it("says to set the start date, on the project's today, before there is one", async () => {
    const { events } = await feed(await newAddress())
    expect(events).toEqual([
      expect.objectContaining({
        summary: 'Set the start date of your pool build',
        start: '2030-03-01',
        end: '2030-03-02',
        allDay: true,
      }),
    ])
  })

  it('stops answering the old address once a new one is made', async () => {
    const old = await newAddress()
    const current = await newAddress()
    expect(current).not.toBe(old)
    expectProblem(await t.app.inject({ method: 'GET', url: old }), 404, 'NOT_FOUND')
    await feed(current)
  })

  it('answers 404 to an address nobody was given, and needs a signed-in client for a new one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/calendar/not-a-real-token.ics' })
    expectProblem(res, 404, 'NOT_FOUND')
    expectProblem(await callRaw(t, 'rotateCalendarToken'), 401)
  })
})
