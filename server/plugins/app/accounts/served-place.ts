import { eq } from 'drizzle-orm'
import { cityKey } from '../../../../contract'
import type { Tx } from '../../../db/driver/client'
import { cities } from '../../../db/schema'

/**
 * Where a client lives, as stored: a city that matches a served one (case- and space-insensitive,
 * the key Flag joins on) takes the served city's name, so "austin" is stored and shown as "Austin".
 */
export async function servedPlace(tx: Tx, city: string, state: string) {
  const key = cityKey(city, state)
  const [served] = await tx.select({ name: cities.name }).from(cities).where(eq(cities.key, key))
  return { city: served?.name ?? city, state, cityKey: key }
}
