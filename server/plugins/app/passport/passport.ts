import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { quantities } from '../../../../contract/estimator'
import type { MoneyStep } from '../../../../contract/money'
import type { Passport, PassportBody } from '../../../../contract/passport'
import { readAll } from '../../../db/driver/client'
import { clients } from '../../../db/schema'
import { ownerOf } from '../money/money-reads'
import { savedDesignOf } from '../scope/scope-items'
import { equipmentOfClient } from './equipment'
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

const paidOn = (step: Passport['steps'][number]) =>
  step.payments.reduce((sum, payment) => sum + payment.amount, 0)

export default fp(
  async function passportRepository(app: FastifyInstance) {
    const { db } = app

    const read: PassportBook['read'] = async (clientId) => {
      // Read once, and shown by the money, the warranties and the start-up log as well.
      const shown = app.timelines.get(clientId)
      const [timeline, money, trades, warranties, startupLog, equipment, design, [client]] =
        await readAll(db, [
          () => shown,
          () => app.money.get(clientId, shown),
          () => app.trades.list(clientId),
          () => app.warranties.list(clientId, shown),
          () => app.startupLog.get(clientId, shown),
          () => equipmentOfClient(db, clientId),
          () => savedDesignOf(db, clientId),
          () =>
            db
              .select({ measuredGallons: clients.measuredGallons })
              .from(clients)
              .where(eq(clients.userId, clientId)),
        ])
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
          measuredGallons: client?.measuredGallons ?? null,
        },
        equipment,
        startupLog,
        inspections: timeline.inspections.map(({ slug, title, status, date, history }) => ({
          slug,
          title,
          status,
          date,
          history,
        })),
        trades: trades.map(({ company, licence, insurance }) => ({
          company,
          licence,
          insurance: { expiresOn: insurance.expiresOn },
        })),
        steps,
        warranties,
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
    dependencies: ['db', 'core', 'timelines', 'money', 'trades', 'warranties', 'startup-log'],
  },
)
