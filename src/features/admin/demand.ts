import { cityKey, type AdminClient } from '../../../contract'

export type Demand = { id: string; place: string; waiting: number }

/** Waiting clients per city (case- and space-insensitive, like Flag), the most wanted first. */
export function demandByCity(waiting: readonly AdminClient[]): Demand[] {
  const byCity = new Map<string, Demand>()
  for (const client of waiting) {
    const id = cityKey(client.city, client.state)
    const known = byCity.get(id)
    byCity.set(id, {
      id,
      place: known?.place ?? `${client.city.trim()}, ${client.state.trim().toUpperCase()}`,
      waiting: (known?.waiting ?? 0) + 1,
    })
  }
  return [...byCity.values()].sort(
    (a, b) => b.waiting - a.waiting || a.place.localeCompare(b.place),
  )
}

/** The group name of a waiting client: the place as the demand chart names it. */
export const placeOf = (client: AdminClient) =>
  `${client.city.trim()}, ${client.state.trim().toUpperCase()}`
