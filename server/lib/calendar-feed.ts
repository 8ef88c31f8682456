import { addDays, parseISO } from 'date-fns'
import { createEvents, type DateArray, type EventAttributes } from 'ics'
import type { Timeline } from '../../contract'

/** A `YYYY-MM-DD` day as iCalendar's all-day date, `days` later. */
function allDay(iso: string, days = 0): DateArray {
  const date = addDays(parseISO(iso), days)
  return [date.getFullYear(), date.getMonth() + 1, date.getDate()]
}

/** An all-day event from `start` through `end` (iCalendar's end is the day after). */
const event = (uid: string, title: string, start: string, end: string): EventAttributes => ({
  uid,
  title,
  start: allDay(start),
  end: allDay(end, 1),
})

/**
 * A client's build as an iCalendar feed: each step over its forecast span and each scheduled
 * inspection on its day. UIDs name the client and the step or inspection, never a date, so a
 * subscribed calendar moves an event when the forecast moves instead of adding another.
 */
export function calendarFeed(clientId: string, timeline: Timeline): string {
  const steps = timeline.steps.flatMap(({ step, title, forecast }) =>
    forecast.start && forecast.end
      ? [event(`${clientId}-${step}@poolpath`, title, forecast.start, forecast.end)]
      : [],
  )
  const inspections = timeline.inspections.flatMap(({ slug, title, status, date }) =>
    status === 'scheduled' && date
      ? [event(`${clientId}-inspection-${slug}@poolpath`, title, date, date)]
      : [],
  )
  const { error, value } = createEvents([...steps, ...inspections], {
    calName: 'Pool build',
    productId: 'poolpath',
  })
  if (error || !value) throw error ?? new Error('the calendar could not be built')
  return value
}
