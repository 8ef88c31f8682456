import { eq, sql, type Column, type SQL, type Table } from 'drizzle-orm'
import type { NonStageEntry, Stage, StageEntry } from '../../../../contract'
import type { ProjectData } from '../../../../contract/budget'
import { preparedStatement, type Db } from '../../../db/driver/client'
import { rowsFromJson, rowsJson } from '../../../db/json-rows'
import {
  changeOrders,
  cities,
  clients,
  contracts,
  draws,
  engineers,
  notices,
  noticeWaivers,
  paymentRequests,
  payments,
  poolEntries,
  quotes,
  trades,
  users,
} from '../../../db/schema'
import { engineerOf } from '../directory/engineers-and-managers'
import type { MoneyRows } from '../../../../contract/money-answer'
import { toPoolEntry } from '../pool/pool-entries'
import { cityZoneOf } from '../accounts/client-zone'

type EntryRow = typeof poolEntries.$inferSelect
type EngineerRow = typeof engineers.$inferSelect

/**
 * What the estimates are computed from, as the builder's fetch has it. The entries' quotes,
 * requests and manager requests are left empty: no estimate reads them, and the contracts hold
 * the quotes.
 */
function projectFrom(
  stages: Stage[],
  entries: readonly EntryRow[],
  permitFee: number | null,
  engineerRows: readonly EngineerRow[],
): ProjectData {
  const poolChoices: StageEntry[] = []
  const nonStages: NonStageEntry[] = []
  for (const row of entries) {
    const entry = toPoolEntry(row, [])
    if ('StageId' in entry) poolChoices.push(entry)
    else nonStages.push(entry)
  }
  const poolData = {
    poolChoices,
    nonStages,
    BuilderRequested: false,
    PermitFee: permitFee,
    ManagerRequests: [],
  }
  return { stages, poolData, Engineers: engineerRows.map(engineerOf) }
}

/** The project data (the saved choices, the permit fee, the engineers) in three queries. */
export async function projectOf(db: Db, clientId: string, stages: Stage[]): Promise<ProjectData> {
  const [entries, [city], engineerRows] = await Promise.all([
    db.select().from(poolEntries).where(eq(poolEntries.clientId, clientId)),
    db
      .select({ permitFee: cities.permitFee })
      .from(clients)
      .innerJoin(cities, eq(cities.key, clients.cityKey))
      .where(eq(clients.userId, clientId)),
    db.select().from(engineers),
  ])
  return projectFrom(stages, entries, city?.permitFee ?? null, engineerRows)
}

/** Whose project it is and where: the owner's name and the pool's address; none for no client. */
export async function ownerOf(db: Db, clientId: string) {
  const [owner] = await db
    .select({
      ownerName: users.name,
      address: clients.address,
      city: clients.city,
      state: clients.state,
      cityZone: cityZoneOf,
    })
    .from(clients)
    .innerJoin(users, eq(users.id, clients.userId))
    .where(eq(clients.userId, clientId))
  return owner
}

export type JsonRows = Record<string, unknown>[]
/** The money's lists as `moneyColumns` selects them. */
export type MoneyJson = {
  entries: JsonRows
  permitFee: number | null
  engineers: JsonRows
  contracts: (Record<string, unknown> & { tradeId: string | null; tradeCompany: string | null })[]
  draws: JsonRows
  payments: JsonRows
  changeOrders: JsonRows
  notices: JsonRows
  noticeWaivers: JsonRows
  paymentRequests: JsonRows
}

const client = sql.placeholder('id')
/** The rows of `table` that are the client's whose id the statement binds as `id`. */
export const ofClient = (table: Table & { clientId: Column }) =>
  sql`from ${table} where ${table.clientId} = ${client}`

/**
 * Everything Money is computed from but the timeline, as the columns of one select: the project
 * data and each list of the client's money, each in the order it is shown.
 */
export const moneyColumns: SQL = sql`
  (${rowsJson(poolEntries, ofClient(poolEntries))}) as entries,
  (select ${cities.permitFee} from ${clients} join ${cities} on ${eq(cities.key, clients.cityKey)}
    where ${clients.userId} = ${client}) as "permitFee",
  (${rowsJson(engineers, sql`from ${engineers}`)}) as engineers,
  (${rowsJson(
    contracts,
    sql`from ${contracts} join ${quotes} on ${eq(quotes.id, contracts.quoteId)}
      left join ${trades} on ${eq(trades.id, quotes.tradeId)}
      where ${contracts.clientId} = ${client}`,
    undefined,
    { tradeId: quotes.tradeId, tradeCompany: trades.company },
  )}) as contracts,
  (${rowsJson(draws, ofClient(draws), sql`${draws.position}`)}) as draws,
  (${rowsJson(
    payments,
    ofClient(payments),
    sql`${payments.paidOn}, ${payments.createdAt}, ${payments.id}`,
  )}) as payments,
  (${rowsJson(
    changeOrders,
    ofClient(changeOrders),
    sql`${changeOrders.createdAt}, ${changeOrders.id}`,
  )}) as "changeOrders",
  (${rowsJson(
    notices,
    ofClient(notices),
    sql`${notices.receivedOn}, ${notices.createdAt}, ${notices.id}`,
  )}) as notices,
  (${rowsJson(
    noticeWaivers,
    sql`from ${noticeWaivers} join ${notices} on ${eq(notices.id, noticeWaivers.noticeId)}
      where ${notices.clientId} = ${client}`,
  )}) as "noticeWaivers",
  (${rowsJson(
    paymentRequests,
    ofClient(paymentRequests),
    sql`${paymentRequests.requestedAt}, ${paymentRequests.id}`,
  )}) as "paymentRequests"`

const moneyStatement = preparedStatement<MoneyJson, { id: string }>(sql`select ${moneyColumns}`)

/** What a client's Money is computed from, but the timeline: one statement. */
export async function moneyFactsOf(
  db: Db,
  clientId: string,
  stages: Stage[],
): Promise<{ project: ProjectData; rows: MoneyRows }> {
  const [json] = await moneyStatement.rows(db, { id: clientId })
  if (!json) throw new Error('the money read answered no row')
  return moneyFactsFrom(json, stages)
}

/** The project data and the money's rows from what `moneyColumns` selected. */
export function moneyFactsFrom(
  json: MoneyJson,
  stages: Stage[],
): { project: ProjectData; rows: MoneyRows; entries: EntryRow[] } {
  const entries = rowsFromJson(poolEntries, json.entries)
  const project = projectFrom(
    stages,
    entries,
    json.permitFee,
    rowsFromJson(engineers, json.engineers),
  )
  const signed = rowsFromJson(contracts, json.contracts)
  const rows: MoneyRows = {
    contracts: signed.map((row, i) => {
      const { tradeId = null, tradeCompany = null } = json.contracts[i] ?? {}
      return { ...row, tradeId, tradeCompany }
    }),
    draws: rowsFromJson(draws, json.draws),
    payments: rowsFromJson(payments, json.payments),
    changeOrders: rowsFromJson(changeOrders, json.changeOrders),
    notices: rowsFromJson(notices, json.notices),
    noticeWaivers: rowsFromJson(noticeWaivers, json.noticeWaivers),
    paymentRequests: rowsFromJson(paymentRequests, json.paymentRequests),
  }
  return { project, rows, entries }
}
