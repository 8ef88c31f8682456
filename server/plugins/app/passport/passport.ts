import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { quantities } from '../../../../contract/estimator'
import type { MoneyStep } from '../../../../contract/money'
import { moneyOf } from '../../../../contract/money-answer'
import type { Passport, PassportBody } from '../../../../contract/passport'
import { preparedStatement } from '../../../db/driver/client'
import { rowsFromJson, rowsJson } from '../../../db/json-rows'
import { clients, equipment, startupDays, trades, warranties } from '../../../db/schema'
import { clientToday } from '../../../lib/today'
import { warrantiesFrom } from '../documents/warranties'
import {
  moneyColumns,
  moneyFactsFrom,
  ofClient,
  ownerOf,
  type JsonRows,
  type MoneyJson,
} from '../money/money-reads'
import { designIn } from '../scope/scope-items'
import { tradeOf } from '../trades/trades'
import { equipmentOf } from './equipment'
import { logOf, startupStart } from './startup-log'
import type { PassportOwner } from '../../../lib/exports/passport-pdf'

/**
 * The pool passport (PRODUCT.md §17): composed on every read from what the project holds — the
 * saved design, the equipment and start-up log, the timeline's inspections, the trades, the
 * money (its contracts, change orders, payments and waivers) and the warranties. Only the
 * measured gallons are its own.
 */
export type PassportBook = {
  read(clientId: string): Promise<Passport>
  owner(clientId: string): Promise<PassportOwner>
  /** Left out keeps the measured gallons, null clears them; answers the passport after. */
  set(clientId: string, write: PassportBody): Promise<Passport>
}

declare module 'fastify' {
  interface FastifyInstance {
    passport: PassportBook
  }
}

/** A step of the record: its contract, change orders, payments and the waivers of its draws. */
function recordOf(step: MoneyStep): Passport['steps'][number] {
  return {
    step: step.step,
    title: step.title,
    contract: step.contract && { vendor: step.contract.vendor, amount: step.contract.amount },
    changeOrders: step.changeOrders,
    payments: step.draws.flatMap((draw) => draw.payments),
    waivers: step.draws.flatMap((draw) =>
      (
        [
          ['conditional', draw.conditionalWaiverFileId],
          ['unconditional', draw.unconditionalWaiverFileId],
        ] as const
      ).flatMap(([kind, fileId]) => (fileId ? [{ drawId: draw.id, kind, fileId }] : [])),
    ),
  }
}

type PassportJson = MoneyJson & {
  trades: JsonRows
  warranties: JsonRows
  startupDays: JsonRows
  equipment: JsonRows
  measuredGallons: number | null
}

const client = sql.placeholder('id')

/** Everything of the passport but the timeline, in one statement: money's lists and its own. */
const passportStatement = preparedStatement<PassportJson, { id: string }>(sql`select
  ${moneyColumns},
  (${rowsJson(
    trades,
    ofClient(trades),
    sql`lower(${trades.company}), ${trades.createdAt}, ${trades.id}`,
  )}) as trades,
  (${rowsJson(warranties, ofClient(warranties))}) as warranties,
  (${rowsJson(startupDays, ofClient(startupDays), sql`${startupDays.day}`)}) as "startupDays",
  (${rowsJson(equipment, ofClient(equipment), sql`${equipment.createdAt}, ${equipment.id}`)})
    as equipment,
  (select ${clients.measuredGallons} from ${clients} where ${clients.userId} = ${client})
    as "measuredGallons"`)

const paidOn = (step: Passport['steps'][number]) =>
  step.payments.reduce((sum, payment) => sum + payment.amount, 0)

export default fp(
  async function passportRepository(app: FastifyInstance) {
    const { db } = app

    const read: PassportBook['read'] = async (clientId) => {
      // Two statements: the timeline's, and the rest of the record in one.
      const [timeline, [json], { stages }, today] = await Promise.all([
        app.timelines.get(clientId),
        passportStatement.rows(db, { id: clientId }),
        app.stages.list(),
        clientToday(app, clientId),
      ])
      if (!json) throw new Error('the passport read answered no row')
      const { project, rows, entries } = moneyFactsFrom(json, stages)
      const money = moneyOf(rows, { project, timeline, today })
      const design = designIn(entries)
      const startupLog = logOf(rowsFromJson(startupDays, json.startupDays), startupStart(timeline))
      const figures = design && quantities(design)
      const steps = money.steps
        .filter((step) => step.contract || step.draws.some((draw) => draw.payments.length > 0))
        .map(recordOf)
      const paid = steps
        .filter((step) => step.payments.length > 0)
        .map((step) => ({ step: step.step, paid: paidOn(step) }))
      return {
        asBuilt: {
          shape: design?.shape ?? null,
          lengthFt: design?.lengthFt ?? null,
          widthFt: design?.widthFt ?? null,
          areaSqFt: figures && Math.round(figures.areaFt2),
          surfaceSqFt: figures && Math.round(figures.surfaceFt2),
          gallons: figures && Math.round(figures.waterGal),
          measuredGallons: json.measuredGallons,
        },
        equipment: rowsFromJson(equipment, json.equipment).map(equipmentOf),
        startupLog,
        inspections: timeline.inspections.map(({ slug, title, status, date, history }) => ({
          slug,
          title,
          status,
          date,
          history,
        })),
        trades: rowsFromJson(trades, json.trades).map((row) => {
          const { company, licence, insurance } = tradeOf(row, today)
          return { company, licence, insurance: { expiresOn: insurance.expiresOn } }
        }),
        steps,
        warranties: warrantiesFrom(rowsFromJson(warranties, json.warranties), timeline),
        costBasis: { total: paid.reduce((sum, step) => sum + step.paid, 0), steps: paid },
      }
    }

    const owner: PassportBook['owner'] = async (clientId) => {
      const found = await ownerOf(db, clientId)
      if (!found) throw new Error('no client to make a passport of')
      return { name: found.ownerName, address: found.address, city: found.city, state: found.state }
    }

    const set: PassportBook['set'] = async (clientId, write) => {
      if (write.measuredGallons !== undefined)
        await db
          .update(clients)
          .set({ measuredGallons: write.measuredGallons })
          .where(eq(clients.userId, clientId))
      return read(clientId)
    }

    app.decorate('passport', { read, owner, set } satisfies PassportBook)
  },
  {
    name: 'passport',
    dependencies: ['db', 'core', 'stages', 'timelines'],
  },
)
