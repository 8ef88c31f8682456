import { eq, sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { DesignTip, envelope, IdParams, TipEditBody } from '../../../../contract'
import { designTips } from '../../../db/schema'
import { adminWrite, found } from './admin-write'

const tipOf = (row: typeof designTips.$inferSelect): DesignTip => ({
  id: row.id,
  stageId: row.stageId,
  text: row.text,
})

/** The design tip shown with each stage of the builder. */
const tipRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/admin/tips/edit/:id',
    {
      config: { access: 'admin' },
      schema: {
        summary: "Rewrite a stage's design tip",
        params: IdParams,
        body: TipEditBody,
        response: { 200: envelope(DesignTip) },
      },
    },
    async (request) => {
      const { id } = request.params
      const tip = await adminWrite(app, request, async (tx) => {
        const [row] = await tx.select().from(designTips).where(eq(designTips.id, id)).for('update')
        const before = tipOf(found(row, 'design tip'))
        const [updated] = await tx
          .update(designTips)
          .set({ text: request.body.text, updatedAt: sql`now()` })
          .where(eq(designTips.id, id))
          .returning()
        const after = tipOf(found(updated, 'design tip'))
        return { action: 'edit', entity: 'design_tip', entityId: id, before, after, data: after }
      })
      // GET /api serves the stages with their tips from a cache.
      app.stages.invalidate()
      return { Data: tip }
    },
  )
}

export default tipRoutes
