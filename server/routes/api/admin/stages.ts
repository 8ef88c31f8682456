import { eq, sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, IdParams, Stage, StageEditBody } from '../../../../contract'
import type { Tx } from '../../../db/client'
import { designTips, stages } from '../../../db/schema'
import { adminWrite, found } from './admin-write'

async function stageWithTip(tx: Tx, id: string): Promise<Stage | undefined> {
  const [row] = await tx
    .select({ stage: stages, tip: designTips })
    .from(stages)
    .innerJoin(designTips, eq(designTips.stageId, stages.id))
    .where(eq(stages.id, id))
  if (!row) return undefined
  const { stage, tip } = row
  return {
    id: stage.id,
    slug: stage.slug,
    title: stage.title,
    order: stage.position,
    pricing: stage.pricing,
    designTip: { id: tip.id, stageId: tip.stageId, text: tip.text },
  }
}

/** A stage's price list; every client's estimate follows it on their next load. */
const stageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/admin/stages/edit/:id',
    {
      config: { access: 'admin' },
      schema: {
        summary: "Change a stage's pricing",
        params: IdParams,
        body: StageEditBody,
        response: { 200: envelope(Stage) },
      },
    },
    async (request) => {
      const { id } = request.params
      const stage = await adminWrite(app, request, async (tx) => {
        await tx.select({ id: stages.id }).from(stages).where(eq(stages.id, id)).for('update')
        const before = found(await stageWithTip(tx, id), 'stage')
        await tx
          .update(stages)
          .set({ pricing: request.body.pricing, updatedAt: sql`now()` })
          .where(eq(stages.id, id))
        const after = found(await stageWithTip(tx, id), 'stage')
        const audit = { before: before.pricing, after: after.pricing }
        return { action: 'edit', entity: 'stage', entityId: id, ...audit, data: after }
      })
      // GET /api serves the stages with their pricing from a cache.
      app.stages.invalidate()
      return { Data: stage }
    },
  )
}

export default stageRoutes
