/**
 * The calendar a project lives in: its city's IANA time zone, which the admin sets and which
 * defaults from the state. Every "today" of a project is that zone's day, on the server and in
 * the browser alike; the zone arithmetic is Intl's.
 */
import { z } from 'zod/mini'

/** The main IANA zone of each of the 50 states and DC: a new city's default. */
export const STATE_TIME_ZONES: Readonly<Record<string, string>> = {
  AL: 'America/Chicago',
  AK: 'America/Anchorage',
  AZ: 'America/Phoenix',
  AR: 'America/Chicago',
  CA: 'America/Los_Angeles',
  CO: 'America/Denver',
  CT: 'America/New_York',
  DE: 'America/New_York',
  DC: 'America/New_York',
  FL: 'America/New_York',
  GA: 'America/New_York',
  HI: 'Pacific/Honolulu',
  ID: 'America/Boise',
  IL: 'America/Chicago',
  IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago',
  KS: 'America/Chicago',
  KY: 'America/New_York',
  LA: 'America/Chicago',
  ME: 'America/New_York',
  MD: 'America/New_York',
  MA: 'America/New_York',
  MI: 'America/Detroit',
  MN: 'America/Chicago',
  MS: 'America/Chicago',
  MO: 'America/Chicago',
  MT: 'America/Denver',
  NE: 'America/Chicago',
  NV: 'America/Los_Angeles',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NM: 'America/Denver',
  NY: 'America/New_York',
  NC: 'America/New_York',
  ND: 'America/Chicago',
  OH: 'America/New_York',
  OK: 'America/Chicago',
  OR: 'America/Los_Angeles',
  PA: 'America/New_York',
  RI: 'America/New_York',
  SC: 'America/New_York',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  TX: 'America/Chicago',
  UT: 'America/Denver',
  VT: 'America/New_York',
  VA: 'America/New_York',
  WA: 'America/Los_Angeles',
  WV: 'America/New_York',
  WI: 'America/Chicago',
  WY: 'America/Denver',
}

/** The zone of a state this list does not know. */
export const DEFAULT_TIME_ZONE = 'America/Chicago'

/** The zone a place without a city of its own lives in: its state's. */
export const zoneOfState = (state: string): string =>
  STATE_TIME_ZONES[state.toUpperCase()] ?? DEFAULT_TIME_ZONE

const formats = new Map<string, Intl.DateTimeFormat>()
/** One formatter per zone: building one costs far more than formatting with it. */
function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
    formats.set(timeZone, format)
  }
  return format
}

/** The `YYYY-MM-DD` day an instant falls on in `timeZone`. */
export function dayIn(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    formatIn(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  )
  return `${parts.year}-${parts.month}-${parts.day}`
}

/** Whether Intl knows `name` as a time zone (an IANA name, in any case). */
function isKnownZone(name: string): boolean {
  try {
    formatIn(name)
    return true
  } catch {
    return false
  }
}

/** An IANA time zone, as the admin typed it. */
export const TimeZone = z
  .string()
  .check(z.trim(), z.refine(isKnownZone, 'Choose a time zone such as America/Chicago'))
