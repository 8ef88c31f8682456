// A back office with a busy business behind it, written straight into a fresh PGlite DATA_DIR
// before the server opens it: bulk inserts take seconds, 10,000 sign-ups through the API would
// take many minutes.
import crypto from 'node:crypto'
import { cityKey } from '../../contract'
import { REFERENCE_POOL } from '../../contract/estimator'
import { openDatabase, type Db } from '../../server/db/client'
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
  clients: 10_000,
  /** Per client: Pool Design and the first four stages, so 50,000 pool entries. */
  entriesPerClient: 5,
  /** Every 10th client asked for a builder, every 5th for a manager. */
  builderRequestEvery: 10,
  managerRequestEvery: 5,
  /** Every 20th client has a perk. */
  perkEvery: 20,
}

/** Rows per INSERT: PostgreSQL takes at most 65,535 parameters per statement. */
const CHUNK = 5_000
const STATUSES = ['open', 'contacted', 'closed'] as const
const MINUTE_MS = 60_000

async function insertChunked<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK))
}

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
  return db
    .insert(managers)
    .values(
      people(SEEDED.managers, 'Manager').map((p, i) => ({
        ...p,
        bio: 'Has run residential pool builds from dig to start-up for years.',
        yearsExperience: 3 + (i % 20),
        fee: 400_000 + i * 10_000,
      })),
    )
    .returning({ id: managers.id, name: managers.name })
}

async function seedClients(db: Db, start: number) {
  const cityCount = SEEDED.servedCities + SEEDED.waitingCities
  const people = Array.from({ length: SEEDED.clients }, (_, i) => {
    const city = i % cityCount
    return {
      index: i,
      id: crypto.randomUUID(),
      email: `client-${i + 1}@example.com`,
      name: `Client ${i + 1}`,
      phone: phone(i),
      city: cityName(city),
      waiting: city >= SEEDED.servedCities,
      createdAt: new Date(start + i * MINUTE_MS),
    }
  })
  await insertChunked(people, (chunk) =>
    db.insert(users).values(
      chunk.map(({ id, email, name, createdAt }) => ({
        id,
        email,
        name,
        createdAt,
        role: 'CLIENT' as const,
      })),
    ),
  )
  await insertChunked(people, (chunk) =>
    db.insert(clients).values(
      chunk.map((p) => ({
        userId: p.id,
        phone: p.phone,
        address: `${p.index + 1} Bench St`,
        city: p.city,
        state: 'TX',
        cityKey: cityKey(p.city, 'TX'),
        onWaiting: p.waiting,
        perk: p.index % SEEDED.perkEvery === 0 ? '10 % off the interior finish' : null,
      })),
    ),
  )
  return people
}

/** Seeds `dataDir` (migrated, stages and first admin as the server would) for the fetch bench. */
export async function seedAdminData(dataDir: string, adminEmail: string): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir })
  try {
    const { db } = database
    await seed(db, adminEmail)
    const start = Date.now() - (SEEDED.clients + 1) * MINUTE_MS
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
        permitFee: 30_000 + i * 1_000,
      })),
    )
    const managerRows = await seedDirectory(db)
    const people = await seedClients(db, start)
    const stageRows = await db
      .select({ id: stages.id, pricing: stages.pricing })
      .from(stages)
      .orderBy(stages.position)
      .limit(SEEDED.entriesPerClient - 1)
    const entries = people.flatMap((p, i) => [
      { clientId: p.id, title: 'Pool Design', choices: { ...REFERENCE_POOL }, done: i % 2 === 0 },
      ...stageRows.map((stage, s) => ({
        clientId: p.id,
        stageId: stage.id,
        choices: { option: stage.pricing.options[i % stage.pricing.options.length]?.key },
        done: (i + s) % 3 === 0,
      })),
    ])
    await insertChunked(entries, (chunk) =>
      db
        .insert(poolEntries)
        .values(chunk.map((e) => ({ ...e, doneAt: e.done ? new Date() : null }))),
    )
    const every = (n: number) => people.filter((_, i) => i % n === 0)
    await db.insert(builderRequests).values(
      every(SEEDED.builderRequestEvery).map((p, i) => ({
        clientId: p.id,
        status: STATUSES[i % STATUSES.length],
      })),
    )
    await db.insert(managerRequests).values(
      every(SEEDED.managerRequestEvery).map((p, i) => {
        const manager = managerRows[i % managerRows.length]
        return {
          clientId: p.id,
          managerId: manager?.id ?? null,
          managerName: manager?.name ?? '',
          message: 'We would like to start in the spring.',
          status: STATUSES[i % STATUSES.length],
        }
      }),
    )
  } finally {
    await database.close()
  }
}

const count = (n: number) => n.toLocaleString('en-US')

/** One line saying what the seeded back office holds. */
export function seededSummary(): string {
  const cityCount = SEEDED.servedCities + SEEDED.waitingCities
  const waiting = Math.round((SEEDED.clients * SEEDED.waitingCities) / cityCount)
  return (
    `${count(SEEDED.clients)} clients in ${cityCount} cities (${SEEDED.servedCities} served; ` +
    `${count(waiting)} on the waiting list; a perk for 1 in ${SEEDED.perkEvery}), ` +
    `${count(SEEDED.clients * SEEDED.entriesPerClient)} pool entries, ${SEEDED.admins} admins, ` +
    `${SEEDED.engineers} engineers, ${SEEDED.managers} managers, ` +
    `${count(SEEDED.clients / SEEDED.builderRequestEvery)} builder and ` +
    `${count(SEEDED.clients / SEEDED.managerRequestEvery)} manager requests`
  )
}
