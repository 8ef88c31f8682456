import { cityKey } from '../../contract/domain'
import { zoneOfState } from '../../contract/time-zones'
import type { Db } from './driver/client'
import { cities, engineers, managers, seedMarkers } from './schema'

const SAMPLE_MARKER = 'sample-data'

/** One served city, so a newcomer can sign up and reach the builder at once. */
export const SAMPLE_CITY = { name: 'Austin', state: 'TX', permitFee: 45_000 }

export const SAMPLE_ENGINEERS = [
  {
    name: 'Maria Delgado',
    company: 'Hill Country Structural',
    email: 'maria.delgado@example.com',
    phone: '+1 512 555 0141',
    licenseNo: 'TX PE 118402',
    fee: 95_000,
  },
  {
    name: 'James Whitfield',
    company: 'Whitfield Engineering',
    email: 'james@whitfield-eng.example.com',
    phone: '+1 512 555 0187',
    licenseNo: 'TX PE 104377',
    fee: 120_000,
  },
]

export const SAMPLE_MANAGERS = [
  {
    name: 'Rosa Jimenez',
    company: 'Blue Oak Pool Management',
    email: 'rosa@blueoak.example.com',
    phone: '+1 512 555 0112',
    bio: 'Has run residential pool builds in Central Texas since 2012: schedules the trades, walks every inspection and keeps the homeowner’s budget honest.',
    yearsExperience: 12,
    fee: 350_000,
  },
  {
    name: 'Derek Olsen',
    company: 'Olsen Build Partners',
    email: 'derek@olsenbuild.example.com',
    phone: '+1 737 555 0163',
    bio: 'Former pool contractor who now manages builds for homeowners: quotes compared line by line, weekly site visits and photos of every stage.',
    yearsExperience: 8,
    fee: 280_000,
  },
]

/**
 * Sample reference data for a newcomer's first look: one served city, two engineers and two
 * managers, each marked `sample`. Runs once per database (a marker row records it), so a restart
 * does not duplicate them and a sample the admin deleted stays deleted; a database that already
 * has cities, engineers or managers of its own gets none. Resolves true when it seeded.
 */
export async function seedSamples(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [marked] = await tx
      .insert(seedMarkers)
      .values({ name: SAMPLE_MARKER })
      .onConflictDoNothing()
      .returning()
    if (!marked) return false
    const [city] = await tx.select({ id: cities.id }).from(cities).limit(1)
    const [engineer] = await tx.select({ id: engineers.id }).from(engineers).limit(1)
    const [manager] = await tx.select({ id: managers.id }).from(managers).limit(1)
    if (city || engineer || manager) return false
    const { name, state, permitFee } = SAMPLE_CITY
    await tx.insert(cities).values({
      ...{ name, state, permitFee },
      key: cityKey(name, state),
      timeZone: zoneOfState(state),
      sample: true,
    })
    await tx.insert(engineers).values(SAMPLE_ENGINEERS.map((e) => ({ ...e, sample: true })))
    await tx.insert(managers).values(SAMPLE_MANAGERS.map((m) => ({ ...m, sample: true })))
    return true
  })
}
