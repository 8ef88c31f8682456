import { sql, type AnyColumn } from 'drizzle-orm'
import { DEFAULT_TIME_ZONE, STATE_TIME_ZONES, zoneOfState } from '../../../../contract'
import { cities, clients } from '../../../db/schema'

// The time zone of a client's project: its city's, or its state's while the city is not served
// (contract/time-zones.ts). Every "today" of the project is that zone's day.

/** The zone of the client's city in a statement that reads `clients`; null when not served. */
export const cityZoneOf = sql<
  string | null
>`(select ${cities.timeZone} from ${cities} where ${cities.key} = ${clients.cityKey})`

/** The zone of a client's day, from its city's zone (cityZoneOf) and its state. */
export const zoneOf = (cityZone: string | null, state: string | null): string =>
  cityZone ?? zoneOfState(state ?? '')

/** The state zones and the default, as SQL constants (no quote in them to escape). */
const STATE_ZONES = sql.raw(`'${JSON.stringify(STATE_TIME_ZONES)}'::jsonb`)
const DEFAULT_ZONE = sql.raw(`'${DEFAULT_TIME_ZONE}'`)

/**
 * In SQL, the day the instant `at` (a timestamp column, or a Date) falls on in the project of the
 * client `clientId` names (a column of the statement around it, never `clients`'), in the zone
 * zoneOf picks: for a job that selects, across projects, what is due on each one's own day.
 */
export function clientDay(clientId: AnyColumn, at: AnyColumn | Date) {
  const zone = sql`(select
      coalesce(${cities.timeZone}, ${STATE_ZONES} ->> ${clients.state}, ${DEFAULT_ZONE})
    from ${clients} left join ${cities} on ${cities.key} = ${clients.cityKey}
    where ${clients.userId} = ${clientId})`
  const instant = at instanceof Date ? sql`${at.toISOString()}::timestamptz` : at
  return sql`(${instant} at time zone ${zone})::date`
}
