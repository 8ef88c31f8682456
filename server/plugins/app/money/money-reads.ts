import { asc, eq, getTableColumns } from 'drizzle-orm'
import type { NonStageEntry, Stage, StageEntry } from '../../../../contract'
import type { ProjectData } from '../../../../contract/budget'
import type { Db } from '../../../db/driver/client'
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
import { noticesOf } from './notices'
import { cityZoneOf } from '../accounts/client-zone'

/**
 * What the estimates are computed from, as the builder's fetch has it (stages, the saved
 * choices, the permit fee, the engineers) in three queries. The entries' quotes, requests and
 * manager requests are left empty: no estimate reads them, and the contracts hold the quotes.
 */
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
    PermitFee: city?.permitFee ?? null,
    ManagerRequests: [],
  }
  return { stages, poolData, Engineers: engineerRows.map(engineerOf) }
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

export async function moneyRows(db: Db, clientId: string): Promise<MoneyRows> {
  const [
    contractRows,
    drawRows,
    paymentRows,
    changeOrderRows,
    noticeRows,
    waiverRows,
    requestRows,
  ] = await Promise.all([
    db
      .select({
        ...getTableColumns(contracts),
        tradeId: quotes.tradeId,
        tradeCompany: trades.company,
      })
      .from(contracts)
      .innerJoin(quotes, eq(quotes.id, contracts.quoteId))
      .leftJoin(trades, eq(trades.id, quotes.tradeId))
      .where(eq(contracts.clientId, clientId)),
    db.select().from(draws).where(eq(draws.clientId, clientId)).orderBy(asc(draws.position)),
    db
      .select()
      .from(payments)
      .where(eq(payments.clientId, clientId))
      .orderBy(asc(payments.paidOn), asc(payments.createdAt), asc(payments.id)),
    db
      .select()
      .from(changeOrders)
      .where(eq(changeOrders.clientId, clientId))
      .orderBy(asc(changeOrders.createdAt), asc(changeOrders.id)),
    noticesOf(db, clientId),
    db
      .select(getTableColumns(noticeWaivers))
      .from(noticeWaivers)
      .innerJoin(notices, eq(notices.id, noticeWaivers.noticeId))
      .where(eq(notices.clientId, clientId)),
    db
      .select()
      .from(paymentRequests)
      .where(eq(paymentRequests.clientId, clientId))
      .orderBy(asc(paymentRequests.requestedAt), asc(paymentRequests.id)),
  ])
  return {
    contracts: contractRows,
    draws: drawRows,
    payments: paymentRows,
    changeOrders: changeOrderRows,
    notices: noticeRows,
    noticeWaivers: waiverRows,
    paymentRequests: requestRows,
  }
}
