import { addMonths, parseISO } from 'date-fns'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { z } from 'zod/mini'
import { STEP_SLUGS, StepSlug } from '../../../../contract'
import {
  DocumentsProblemCode,
  type Warranty,
  type WarrantyBody,
} from '../../../../contract/documents'
import { toIsoDate } from '../../../../contract/schedule-spans'
import type { Timeline } from '../../../../contract/timeline'
import { warranties } from '../../../db/schema'
import { conflict } from '../../../lib/problem'
import { ownFiles } from './owned-files'
import { factsOfClients } from '../timeline/timeline'

export type WarrantyWrite = z.output<typeof WarrantyBody>
type WarrantyRow = typeof warranties.$inferSelect

/** Warranties (PRODUCT.md §11): one per client and step; a second replaces the first. */
export type Warranties = {
  set(clientId: string, warranty: WarrantyWrite): Promise<Warranty>
  /**
   * In the order of the steps, each from the day its step was done as `timeline` (read for it
   * unless given) tells it.
   */
  list(clientId: string, timeline?: Promise<Timeline>): Promise<Warranty[]>
}

declare module 'fastify' {
  interface FastifyInstance {
    warranties: Warranties
  }
}

/** The cover of a warranty: from its start (by default the step's done day) for its term. */
export function warrantyOf(row: WarrantyRow, doneOn: string | null): Warranty {
  const startsOn = row.startsOn ?? doneOn
  return {
    id: row.id,
    step: StepSlug.parse(row.step),
    provider: row.provider,
    termMonths: row.termMonths,
    startsOn,
    expiresOn: startsOn && toIsoDate(addMonths(parseISO(startsOn), row.termMonths)),
    fileId: row.fileId,
  }
}

export const inStepOrder = (list: Warranty[]) =>
  list.sort((a, b) => STEP_SLUGS.indexOf(a.step) - STEP_SLUGS.indexOf(b.step))

/** A client's warranties from its rows, in the order of the steps, as `timeline` dates them. */
export function warrantiesFrom(rows: readonly WarrantyRow[], timeline: Timeline): Warranty[] {
  const doneOn = new Map<string, string | null>(
    timeline.steps.map((step) => [step.step, step.doneOn]),
  )
  return inStepOrder(rows.map((row) => warrantyOf(row, doneOn.get(row.step) ?? null)))
}

export default fp(
  async function warrantiesRepository(app: FastifyInstance) {
    const { db } = app

    const list: Warranties['list'] = async (clientId, timeline) => {
      const [rows, shown] = await Promise.all([
        db.select().from(warranties).where(eq(warranties.clientId, clientId)),
        timeline ?? app.timelines.get(clientId),
      ])
      return warrantiesFrom(rows, shown)
    }

    const set: Warranties['set'] = async (clientId, warranty) => {
      if (!warranty.startsOn) {
        const facts = (await factsOfClients(db, [clientId])).get(clientId)
        if (!facts?.steps[warranty.step]?.doneOn)
          throw conflict(
            'This step is not done yet: its warranty starts when it is, or give the day it starts.',
            DocumentsProblemCode.stepNotDone,
          )
      }
      const values = {
        provider: warranty.provider,
        termMonths: warranty.termMonths,
        startsOn: warranty.startsOn ?? null,
        fileId: warranty.fileId ?? null,
        updatedAt: app.clock(),
      }
      await db.transaction(async (tx) => {
        if (values.fileId) await ownFiles(tx, clientId, [values.fileId])
        await tx
          .insert(warranties)
          .values({ clientId, step: warranty.step, ...values })
          .onConflictDoUpdate({ target: [warranties.clientId, warranties.step], set: values })
      })
      const saved = (await list(clientId)).find((w) => w.step === warranty.step)
      if (!saved) throw new Error('the warranty was not saved')
      return saved
    }

    app.decorate('warranties', { set, list } satisfies Warranties)
  },
  { name: 'warranties', dependencies: ['db', 'core', 'timelines'] },
)
