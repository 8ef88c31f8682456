import { addDays, formatISO, parseISO } from 'date-fns'
import { beforeEach, describe, expect, it } from 'vitest'
import { CalendarTokenData, Timeline } from '../../contract'
import { expectProblem } from '../support/http'
import { callRaw } from '../support/call'
import { eventsOf } from '../support/ical'
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
  return eventsOf(res.body)
}

const compact = (iso: string) => iso.replaceAll('-', '')

describe('the calendar feed', () => {
  it('has one all-day event per step over its forecast, and one per scheduled inspection', async () => {
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

    const events = await feed(path)
    expect(events).toHaveLength(14)
    for (const { step, title, forecast } of timeline.steps) {
      const event = events.find((e) => e.UID === `${client.id}-${step}@poolpath`)
      // iCalendar's end is exclusive: the day after the step's last day.
      const dayAfter = formatISO(addDays(parseISO(forecast.end ?? ''), 1), {
        representation: 'date',
      })
      expect(event).toEqual({
        UID: `${client.id}-${step}@poolpath`,
        SUMMARY: title,
        DTSTAMP: expect.stringMatching(/^\d{8}T\d{6}Z$/),
        'DTSTART;VALUE=DATE': compact(forecast.start ?? ''),
        'DTEND;VALUE=DATE': compact(dayAfter),
      })
    }
    expect(events.find((e) => e.UID === `${client.id}-inspection-layout@poolpath`)).toMatchObject({
      SUMMARY: 'Layout inspection',
      'DTSTART;VALUE=DATE': '20300410',
      'DTEND;VALUE=DATE': '20300411',
    })

    // The inspection moves: the same UIDs, so a calendar app updates its events in place.
    const moved = { status: 'scheduled', date: '2030-04-17' }
    await callRaw(t, 'recordInspection', { slug: 'layout', body: moved }, client.headers)
    const again = await feed(path)
    expect(again.map((e) => e.UID)).toEqual(events.map((e) => e.UID))
    const layout = again.find((e) => e.UID === `${client.id}-inspection-layout@poolpath`)
    expect(layout?.['DTSTART;VALUE=DATE']).toBe('20300417')
  })

  it('is empty of events before a start date', async () => {
    expect(await feed(await newAddress())).toEqual([])
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
