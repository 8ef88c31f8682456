// Reading an iCalendar feed in tests, as a calendar app would: unfolded lines, one map per VEVENT.

type Event = Record<string, string>

/** The VEVENTs of an iCalendar text: each property by name, with its parameters (`DTSTART;VALUE=DATE`). */
export function eventsOf(ics: string): Event[] {
  const lines = ics.replace(/\r\n[ \t]/g, '').split(/\r\n/)
  const events: Event[] = []
  let current: Event | null = null
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {}
    else if (line === 'END:VEVENT' && current) {
      events.push(current)
      current = null
    } else if (current) {
      const colon = line.indexOf(':')
      current[line.slice(0, colon)] = line.slice(colon + 1)
    }
  }
  return events
}
