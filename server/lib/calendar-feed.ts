import { addDays, parseISO } from 'date-fns'
import { createEvents, type DateArray, type EventAttributes } from 'ics'
import type { Timeline } from '../../contract'
import type { InspectionStatus } from '../../contract/timeline'

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

/** What an inspection's event is called: its title, and its result once it has one. */
const INSPECTION_SUMMARY: Partial<Record<InspectionStatus, (title: string) => string>> = {
  scheduled: (title) => title,
  passed: (title) => `${title} — passed`,
  failed: (title) => `${title} — failed`,
}

/**
 * A project's build as an iCalendar feed: each step over its forecast span and each inspection
 * on its day, scheduled or with its result. UIDs name the project by `projectUid` (opaque: the
 * feed's address may be shared) and the step or inspection, never a date, so a subscribed
 * calendar moves an event when the forecast moves instead of adding another. Before a start
 * date, one event on the project's today says to set it (a calendar needs a component).
 */
export function calendarFeed(projectUid: string, timeline: Timeline): string {
  const uid = (what: string) => `${projectUid}-${what}@poolpath`
  const steps = timeline.steps.flatMap(({ step, title, forecast }) =>
    forecast.start && forecast.end ? [event(uid(step), title, forecast.start, forecast.end)] : [],
  )
  const inspections = timeline.inspections.flatMap(({ slug, title, status, date }) => {
    const summary = INSPECTION_SUMMARY[status]
    return summary && date ? [event(uid(`inspection-${slug}`), summary(title), date, date)] : []
  })
  const events =
    timeline.startDate === null
      ? [
          event(
            uid('start'),
            'Set the start date of your pool build',
            timeline.today,
            timeline.today,
          ),
        ]
      : [...steps, ...inspections]
  const { error, value } = createEvents(events, {
    calName: 'Pool build',
    productId: '-//PoolPath//Timeline//EN',
  })
  if (error || !value) throw error ?? new Error('the calendar could not be built')
  return value
}
