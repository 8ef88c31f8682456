import { tidyCityName, type AdminClient } from '../../../contract'

export type Demand = { id: string; place: string; waiting: number }

/**
 * Where a client is, written one way however it was typed ("san  jose", "CA " → "San Jose, CA"),
 * so a city's clients land in one group, as they match one served city (case and spaces aside).
 * Names are stored tidy by the same rule; this keeps rows from before it in their group too.
 */
export const placeOf = (client: AdminClient) =>
  `${tidyCityName(client.city)}, ${client.state.trim().toUpperCase()}`

/** Waiting clients per city, the most wanted first. */
export function demandByCity(waiting: readonly AdminClient[]): Demand[] {
  const counts = new Map<string, number>()
  for (const client of waiting) counts.set(placeOf(client), (counts.get(placeOf(client)) ?? 0) + 1)
  return [...counts]
    .map(([place, count]) => ({ id: place, place, waiting: count }))
    .sort((a, b) => b.waiting - a.waiting || a.place.localeCompare(b.place))
}
