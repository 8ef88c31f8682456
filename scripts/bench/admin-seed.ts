// A back office with a busy business behind it, written straight into a fresh database (a PGlite
// DATA_DIR or a scratch PostgreSQL database) before the server opens it: bulk inserts take
// seconds, 10,000 sign-ups through the API would take many minutes.
import { sql } from 'drizzle-orm'
import { cityKey } from '../../contract'
import { REFERENCE_POOL } from '../../contract/estimator'
import { openDatabase, type DatabaseOptions, type Db } from '../../server/db/driver/client'
import { seed } from '../../server/db/seed'
import {
  builderRequests,
  cities,
  clients,
  engineers,
  managerRequests,
  managers,
  poolEntries,
  stages,
  users,
} from '../../server/db/schema'

export const SEEDED = {
  admins: 5,
  servedCities: 30,
  /** Cities with clients that are not served: their clients are on the waiting list. */
  waitingCities: 10,
  engineers: 25,
  managers: 25,
  /** Per client: Pool Design and the first four stages, so 50,000 pool entries. */
  entriesPerClient: 5,
  /** Every 10th client asked for a builder, every 5th for a manager. */
  builderRequestEvery: 10,
  managerRequestEvery: 5,
  /** Every 20th client has a perk. */
  perkEvery: 20,
}

/** A prime: client i is named Client ((i − 1) × this mod N) + 1, one name each for any N it does not divide. */
const NAME_STRIDE = 7919

const cityName = (i: number) => `Bench City ${i + 1}`
const phone = (i: number) => `+1 512 555 ${String(i % 10_000).padStart(4, '0')}`

async function seedDirectory(db: Db) {
  const people = (n: number, kind: string) =>
    Array.from({ length: n }, (_, i) => ({
      name: `${kind} ${i + 1}`,
      company: `${kind} Company ${(i % 7) + 1}`,
      email: `${kind.toLowerCase()}-${i + 1}@example.com`,
      phone: phone(i),
    }))
  await db.insert(engineers).values(
    people(SEEDED.engineers, 'Engineer').map((p, i) => ({
      ...p,
      licenseNo: `PE-${10_000 + i}`,
      fee: 150_000 + i * 5_000,
    })),
  )
  await db.insert(managers).values(
    people(SEEDED.managers, 'Manager').map((p, i) => ({
      ...p,
      bio: 'Has run residential pool builds from dig to start-up for years.',
      yearsExperience: 3 + (i % 20),
      fee: 400_000 + i * 10_000,
    })),
  )
}

/** Clients numbered n = 1…N by sign-up time, for the statements below to spread them out. */
const numbered = sql`(select ${users.id} as id, row_number() over (order by ${users.createdAt}) as n
  from ${users} where ${users.role} = 'CLIENT')`

/**
 * The clients, their entries and their requests, each list in one INSERT … SELECT: PostgreSQL
 * makes the rows, so 50,000 entries cost one statement rather than 50,000 sets of parameters.
 */
async function seedClients(db: Db, clientCount: number) {
  const cityCount = SEEDED.servedCities + SEEDED.waitingCities
  const cityList = Array.from({ length: cityCount }, (_, i) => ({
    k: i,
    name: cityName(i),
    key: cityKey(cityName(i), 'TX'),
    waiting: i >= SEEDED.servedCities,
  }))
  // One a minute up to now, so "newest first" has an answer. The names are Client 1…N in another
  // order than sign-up (the server sends sign-up order), so sorting by name is real work.
  await db.execute(sql`insert into ${users} (email, name, role, created_at)
    select 'client-' || i || '@example.com',
      'Client ' || ((i - 1) * ${NAME_STRIDE}::bigint % ${clientCount} + 1), 'CLIENT',
      now() - (${clientCount} - i + 1) * interval '1 minute'
    from generate_series(1, ${clientCount}) as i`)
  await db.execute(sql`insert into ${clients}
      (user_id, phone, address, city, state, city_key, on_waiting, perk)
    select u.id, '+1 512 555 ' || lpad(((u.n - 1) % 10000)::text, 4, '0'), u.n || ' Bench St',
      c.name, 'TX', c.key, c.waiting,
      case when (u.n - 1) % ${SEEDED.perkEvery} = 0 then '10 % off the interior finish' end
    from ${numbered} u
    join jsonb_to_recordset(${JSON.stringify(cityList)}::jsonb)
      as c(k int, name text, key text, waiting boolean) on c.k = (u.n - 1) % ${cityCount}`)
  await db.execute(sql`insert into ${poolEntries} (client_id, title, choices, done, done_at)
    select id, 'Pool Design', ${JSON.stringify(REFERENCE_POOL)}::jsonb, n % 2 = 1,
      case when n % 2 = 1 then now() end
    from ${numbered} u`)
  await db.execute(sql`insert into ${poolEntries} (client_id, stage_id, choices, done, done_at)
    select u.id, s.id, jsonb_build_object('option', s.pricing->'options'->0->>'key'),
      (u.n + s.position) % 3 = 0, case when (u.n + s.position) % 3 = 0 then now() end
    from ${numbered} u
    cross join (select id, position, pricing from ${stages} order by position
      limit ${SEEDED.entriesPerClient - 1}) s`)
  await db.execute(sql`insert into ${builderRequests} (client_id, status)
    select id, (array['open', 'contacted', 'closed'])[(n / ${SEEDED.builderRequestEvery}) % 3 + 1]
    from ${numbered} u where (n - 1) % ${SEEDED.builderRequestEvery} = 0`)
  await db.execute(sql`insert into ${managerRequests}
      (client_id, manager_id, manager_name, message, status)
    select u.id, m.id, m.name, 'We would like to start in the spring.',
      (array['open', 'contacted', 'closed'])[(u.n / ${SEEDED.managerRequestEvery}) % 3 + 1]
    from ${numbered} u
    join (select id, name, row_number() over (order by name) as k from ${managers}) m
      on m.k = (u.n - 1) / ${SEEDED.managerRequestEvery} % ${SEEDED.managers} + 1
    where (u.n - 1) % ${SEEDED.managerRequestEvery} = 0`)
}

/**
 * Seeds a database (migrated, stages and first admin as the server would) with `clientCount`
 * clients for the fetch bench. The triggers of the data version run as for any write.
 */
export async function seedAdminData(
  options: DatabaseOptions,
  adminEmail: string,
  clientCount: number,
): Promise<void> {
  const database = await openDatabase(options)
  try {
    const { db } = database
    await seed(db, adminEmail)
    await db.insert(users).values(
      Array.from({ length: SEEDED.admins - 1 }, (_, i) => ({
        email: `admin-${i + 2}@example.com`,
        name: `Admin ${i + 2}`,
        role: 'ADMIN' as const,
      })),
    )
    await db.insert(cities).values(
      Array.from({ length: SEEDED.servedCities }, (_, i) => ({
        name: cityName(i),
        state: 'TX',
        key: cityKey(cityName(i), 'TX'),
        timeZone: 'America/Chicago',
        permitFee: 30_000 + i * 1_000,
      })),
    )
    await seedDirectory(db)
    await seedClients(db, clientCount)
    // As autovacuum would soon: the planner sees the tables as they are.
    await db.execute(sql`analyze`)
  } finally {
    await database.close()
  }
}

const count = (n: number) => n.toLocaleString('en-US')

/** One line saying what the seeded back office holds. */
export function seededSummary(clientCount: number): string {
  const cityCount = SEEDED.servedCities + SEEDED.waitingCities
  const waiting = Math.round((clientCount * SEEDED.waitingCities) / cityCount)
  return (
    `${count(clientCount)} clients in ${cityCount} cities (${SEEDED.servedCities} served; ` +
    `${count(waiting)} on the waiting list; a perk for 1 in ${SEEDED.perkEvery}), ` +
    `${count(clientCount * SEEDED.entriesPerClient)} pool entries, ${SEEDED.admins} admins, ` +
    `${SEEDED.engineers} engineers, ${SEEDED.managers} managers, ` +
    `${count(clientCount / SEEDED.builderRequestEvery)} builder and ` +
    `${count(clientCount / SEEDED.managerRequestEvery)} manager requests`
  )
}
