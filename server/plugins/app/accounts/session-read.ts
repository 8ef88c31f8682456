import { sql, type Placeholder, type SQL } from 'drizzle-orm'
import type { PoolData, Role, UserData } from '../../../../contract'
import { cityZoneOf, zoneOf } from './client-zone'
import type { DataTag } from '../../core/data-version'
import { poolDataJson } from './pool-data'
import { cities, clients, dataVersion, users } from '../../../db/schema'
import { wireTime } from '../../../db/wire-time'

export type Profile = { userData: UserData; role: Role; Flag: boolean }
/** What a session starts or refreshes with, and the data version it was read at. */
export type SessionRead = { profile: Profile; poolData: PoolData | null; tag: DataTag }

/** A client's own columns, all not null but the perk. */
type ClientColumns = {
  phone: string
  address: string
  city: string
  state: string
  onWaiting: boolean
  perk: string | null
}

/**
 * A session read's row: every column null when there is no such user. The client's columns come
 * from a left join, so they are all there (a client) or all null (an admin or a manager).
 */
export type SessionRow = {
  id: string | null
  email: string
  name: string
  role: Role
  createdAt: string
  flag: boolean
  timeZone: string | null
  poolData: PoolData | null
  epoch: string
  version: string
} & (ClientColumns | { [column in keyof ClientColumns]: null })

/** Whether the client's city is served (a user of another role has no client row: false). */
export const flagOf = sql<boolean>`exists (select 1 from ${cities} where ${cities.key} = ${clients.cityKey})`

/**
 * The session read of user `userId` (a placeholder, or a column of the statement around it) as
 * one subquery: the profile, a client's pool data, and the data version, in the statement's own
 * snapshot. A sign-in runs it alone, a refresh joined to its token's rotation.
 */
export const sessionSelect = (userId: Placeholder | SQL) => sql`select ${users.id}, ${users.email},
    ${users.name}, ${users.role}, ${wireTime(users.createdAt)} as "createdAt", ${clients.phone},
    ${clients.address}, ${clients.city}, ${clients.state}, ${clients.onWaiting} as "onWaiting",
    ${clients.perk}, ${flagOf} as flag, ${cityZoneOf} as "timeZone",
    case when ${users.role} = 'CLIENT' then ${poolDataJson(userId)} end as "poolData",
    ${dataVersion.epoch}, ${dataVersion.version}::text as version
  from ${users} left join ${clients} on ${clients.userId} = ${users.id}
    join ${dataVersion} on ${dataVersion.id} = 1
  where ${users.id} = ${userId}`

/** The session a row holds, or null when it holds no user. */
export function sessionReadOf(row: SessionRow | undefined): SessionRead | null {
  if (!row?.id) return null
  const { id, email, name, role, createdAt, flag } = row
  const base = { id, email, name, role, createdAt }
  const tag = { epoch: row.epoch, version: Number(row.version) }
  if (row.phone === null)
    return { profile: { userData: base, role, Flag: false }, poolData: row.poolData, tag }
  const { phone, address, city, state, onWaiting, perk } = row
  return {
    profile: {
      userData: {
        ...base,
        ...{ phone, address, city, state, onWaiting, perk },
        timeZone: zoneOf(row.timeZone, state),
      },
      role,
      Flag: flag === true,
    },
    poolData: row.poolData,
    tag,
  }
}
