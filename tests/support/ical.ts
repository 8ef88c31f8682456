// Reading an iCalendar feed in tests as a calendar app does, with Mozilla's parser (ical.js):
// a feed it cannot parse fails the test.
import ICAL from 'ical.js'

export type CalendarEvent = {
  uid: string
  summary: string
  /** The first day, `YYYY-MM-DD` (all-day events). */
  start: string
  /** The day after the last (iCalendar's exclusive end), `YYYY-MM-DD`. */
  end: string
  /** Whether DTSTART is a date, not a date-time: an all-day event. */
  allDay: boolean
  dtstamp: string
}

export type Calendar = { prodid: string; name: string; events: CalendarEvent[] }

/** The calendar of an iCalendar text: its product id, its name and its events in order. */
export function calendarOf(ics: string): Calendar {
  const calendar = new ICAL.Component(ICAL.parse(ics))
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component)
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toString(),
      end: event.endDate.toString(),
      allDay: event.startDate.isDate,
      dtstamp: String(component.getFirstPropertyValue('dtstamp')),
    }
  })
  return {
    prodid: String(calendar.getFirstPropertyValue('prodid')),
    name: String(calendar.getFirstPropertyValue('x-wr-calname')),
    events,
  }
}

/** The events of an iCalendar text. */
export const eventsOf = (ics: string): CalendarEvent[] => calendarOf(ics).events
