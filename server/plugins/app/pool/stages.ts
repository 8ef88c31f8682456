import crypto from 'node:crypto'
import { asc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { DesignTip, Pricing, Stage } from '../../../../contract'
import type { Db, Tx } from '../../../db/driver/client'
import { designTips, stages } from '../../../db/schema'
import { adminWrite, found } from '../../../lib/audit'

export type StageList = { stages: Stage[]; body: Buffer; etag: string }

export type Stages = {
  /** The public stage list, serialised once and kept a few seconds. */
  list(): Promise<StageList>
  /** The stages now, uncached, read with `query` (the admin fetch's snapshot). */
  read(query: Db | Tx): Promise<Stage[]>
  /** Called after an admin write on this server; other servers catch up within the TTL. */
  invalidate(): void
  /**
   * A stage's price list from the cached list (this server's edits at once, another server's
   * within the TTL, as GET /api shows it), or undefined for an unknown stage.
   */
  pricingOf(id: string): Promise<Pricing | undefined>
  /** Every client's estimate follows the new pricing on their next load. Audited as actorId's. */
  editPricing(actorId: string, id: string, pricing: Pricing): Promise<Stage>
  /** The design tip shown with a stage. Audited as actorId's. */
  editTip(actorId: string, id: string, text: string): Promise<DesignTip>
}

declare module 'fastify' {
  interface FastifyInstance {
    stages: Stages
  }
}

// Short enough that servers sharing PostgreSQL agree within seconds of an admin's edit.
const STAGES_TTL_MS = 2000

const stageOf = ({ stage, tip }: StageRow): Stage => ({
  id: stage.id,
  slug: stage.slug,
  title: stage.title,
  order: stage.position,
  pricing: stage.pricing,
  designTip: tipOf(tip),
})

const tipOf = (row: typeof designTips.$inferSelect): DesignTip => ({
  id: row.id,
  stageId: row.stageId,
  text: row.text,
})

type StageRow = { stage: typeof stages.$inferSelect; tip: typeof designTips.$inferSelect }

const stagesWithTips = (db: Db | Tx) =>
  db
    .select({ stage: stages, tip: designTips })
    .from(stages)
    .innerJoin(designTips, eq(designTips.stageId, stages.id))

async function stageWithTip(tx: Tx, id: string): Promise<Stage | undefined> {
  const [row] = await stagesWithTips(tx).where(eq(stages.id, id))
  return row && stageOf(row)
}

export default fp(
  async function stagesRepository(app: FastifyInstance) {
    let cached: { value: Promise<StageList>; until: number } | null = null

    const read: Stages['read'] = async (query) =>
      (await stagesWithTips(query).orderBy(asc(stages.position))).map(stageOf)

    const load = async (): Promise<StageList> => {
      const list = await read(app.db)
      // Encoded once: every answer then writes these bytes as they are.
      const body = Buffer.from(JSON.stringify({ Data: list }))
      const etag = `W/"${crypto.createHash('sha1').update(body).digest('base64url')}"`
      return { stages: list, body, etag }
    }

    const list: Stages['list'] = () => {
      const now = app.clock().getTime()
      if (!cached || cached.until <= now) {
        // Concurrent callers share one query; a failed load is not cached.
        const value = load()
        cached = { value, until: now + STAGES_TTL_MS }
        value.catch(() => {
          cached = null
        })
      }
      return cached.value
    }

    const invalidate = () => void (cached = null)

    const editPricing: Stages['editPricing'] = async (actorId, id, pricing) => {
      const stage = await adminWrite(app.db, actorId, async (tx) => {
        await tx.select({ id: stages.id }).from(stages).where(eq(stages.id, id)).for('update')
        const before = found(await stageWithTip(tx, id), 'stage')
        await tx
          .update(stages)
          .set({ pricing, updatedAt: sql`now()` })
          .where(eq(stages.id, id))
        const after = found(await stageWithTip(tx, id), 'stage')
        const audit = { before: before.pricing, after: after.pricing }
        return { action: 'edit', entity: 'stage', entityId: id, ...audit, data: after }
      })
      // GET /api serves the stages with their pricing from a cache.
      invalidate()
      return stage
    }

    const editTip: Stages['editTip'] = async (actorId, id, text) => {
      const tip = await adminWrite(app.db, actorId, async (tx) => {
        const [row] = await tx.select().from(designTips).where(eq(designTips.id, id)).for('update')
        const before = tipOf(found(row, 'design tip'))
        const [updated] = await tx
          .update(designTips)
          .set({ text, updatedAt: sql`now()` })
          .where(eq(designTips.id, id))
          .returning()
        const after = tipOf(found(updated, 'design tip'))
        return { action: 'edit', entity: 'design_tip', entityId: id, before, after, data: after }
      })
      // GET /api serves the stages with their tips from a cache.
      invalidate()
      return tip
    }

    const pricingOf: Stages['pricingOf'] = async (id) =>
      (await list()).stages.find((stage) => stage.id === id)?.pricing

    app.decorate('stages', {
      list,
      read,
      invalidate,
      pricingOf,
      editPricing,
      editTip,
    } satisfies Stages)
  },
  { name: 'stages', dependencies: ['db', 'core'] },
)
