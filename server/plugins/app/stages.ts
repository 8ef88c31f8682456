import crypto from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Stage } from '../../../contract'
import { designTips, stages } from '../../db/schema'

export type StageList = { stages: Stage[]; body: Buffer; etag: string }

export type Stages = {
  /** The public stage list, serialised once and kept a few seconds. */
  list(): Promise<StageList>
  /** Called after an admin write on this server; other servers catch up within the TTL. */
  invalidate(): void
}

declare module 'fastify' {
  interface FastifyInstance {
    stages: Stages
  }
}

// Short enough that servers sharing PostgreSQL agree within seconds of an admin's edit.
const STAGES_TTL_MS = 2000

export default fp(
  async function stagesRepository(app: FastifyInstance) {
    let cached: { value: Promise<StageList>; until: number } | null = null

    const load = async (): Promise<StageList> => {
      const rows = await app.db
        .select({ stage: stages, tip: designTips })
        .from(stages)
        .innerJoin(designTips, eq(designTips.stageId, stages.id))
        .orderBy(asc(stages.position))
      const list: Stage[] = rows.map(({ stage, tip }) => ({
        id: stage.id,
        slug: stage.slug,
        title: stage.title,
        order: stage.position,
        pricing: stage.pricing,
        designTip: { id: tip.id, stageId: tip.stageId, text: tip.text },
      }))
      // Encoded once: every answer then writes these bytes as they are.
      const body = Buffer.from(JSON.stringify({ Data: list }))
      const etag = `W/"${crypto.createHash('sha1').update(body).digest('base64url')}"`
      return { stages: list, body, etag }
    }

    const list: Stages['list'] = () => {
      const now = Date.now()
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

    app.decorate('stages', { list, invalidate: () => void (cached = null) })
  },
  { name: 'stages', dependencies: ['db'] },
)
