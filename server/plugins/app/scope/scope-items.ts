import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { STEP_SLUGS, type PoolData, type PoolEntry, type StepSlug } from '../../../../contract'
import { PoolDesignChoices } from '../../../../contract/choices'
import { quantities } from '../../../../contract/estimator'
import { levelEntry, levelPoolData, needsLevelling } from '../../../../contract/levelling'
import type { ScopeEditBody, StepScope } from '../../../../contract/bids'
import { isLicensedStep } from '../../../../contract/trades'
import type { Db, Tx } from '../../../db/driver/client'
import { poolEntries, scopeItems, stages } from '../../../db/schema'
import { adminWrite } from '../../../lib/audit'
import { checkKeptIds } from '../../../lib/kept-ids'
import { notFound } from '../../../lib/problem'

/** The steps with scope items: the licensed ones, in construction order. */
export const SCOPED_STEPS = STEP_SLUGS.filter(isLicensedStep)

/**
 * The licensed steps' scope items (PRODUCT.md §14), which bids answer item by item and quotes
 * are levelled on. One short list a step; the back office replaces a step's list whole.
 */
export type ScopeItems = {
  /** Every licensed step's list, in construction order, read with `query`. */
  list(query?: Db | Tx): Promise<StepScope[]>
  /**
   * Replaces `step`'s list, audited as actorId's: kept ids are updated, missing ones deleted,
   * new ones inserted, in the order given. 404 for a step without scope, 400 for an id that is
   * not one of the step's items.
   */
  edit(actorId: string, step: StepSlug, body: ScopeEditBody): Promise<StepScope>
  /** The pool data with its quotes levelled (contract/levelling.ts); read only if one has items. */
  levelPoolData(poolData: PoolData): Promise<PoolData>
  /** An entry answer of `clientId`'s with its quotes levelled, likewise. */
  levelEntry<E extends PoolEntry>(clientId: string, entry: E): Promise<E>
}

declare module 'fastify' {
  interface FastifyInstance {
    scopeItems: ScopeItems
  }
}

type Row = typeof scopeItems.$inferSelect

const itemOf = (row: Row) => ({ id: row.id, text: row.text, share: row.share })

const stepList = (step: StepSlug, rows: readonly Row[]): StepScope => ({
  step,
  items: rows
    .filter((row) => row.step === step)
    .sort((a, b) => a.position - b.position)
    .map(itemOf),
})

const DESIGN_TITLE = 'Pool Design'

/** The client's saved pool design (as savedDesign reads the pool data); null until it is valid. */
export async function savedDesignOf(db: Db, clientId: string): Promise<PoolDesignChoices | null> {
  const rows = await db
    .select({ title: poolEntries.title, choices: poolEntries.choices })
    .from(poolEntries)
    .where(and(eq(poolEntries.clientId, clientId), eq(poolEntries.title, DESIGN_TITLE)))
  return designIn(rows)
}

/** The saved pool design among a client's entries; null until it is valid. */
export function designIn(
  entries: readonly { title: string | null; choices: unknown }[],
): PoolDesignChoices | null {
  const saved = entries.find((entry) => entry.title === DESIGN_TITLE)
  const design = PoolDesignChoices.safeParse(saved?.choices)
  return design.success ? design.data : null
}

export default fp(
  async function scopeItemsRepository(app: FastifyInstance) {
    const list: ScopeItems['list'] = async (query = app.db) => {
      const rows = await query.select().from(scopeItems)
      return SCOPED_STEPS.map((step) => stepList(step, rows))
    }

    const edit: ScopeItems['edit'] = (actorId, step, { items }) =>
      adminWrite(app.db, actorId, async (tx) => {
        if (!isLicensedStep(step)) throw notFound('This step has no scope items.')
        // Two edits of one step run one after the other: the stage row is their lock.
        await tx.select({ id: stages.id }).from(stages).where(eq(stages.slug, step)).for('update')
        const rows = await tx.select().from(scopeItems).where(eq(scopeItems.step, step))
        checkKeptIds(
          items,
          new Set(rows.map((row) => row.id)),
          'This item is not one of this step’s',
        )
        // Deleted and inserted again, kept ids kept: positions move without colliding.
        await tx.delete(scopeItems).where(eq(scopeItems.step, step))
        const written =
          items.length === 0
            ? []
            : await tx
                .insert(scopeItems)
                .values(items.map((item, position) => ({ ...item, step, position })))
                .returning()
        const before = stepList(step, rows)
        const after = stepList(step, written)
        return { action: 'edit', entity: 'scope', entityId: step, before, after, data: after }
      })

    const facts = async () => ({ stages: (await app.stages.list()).stages, scope: await list() })

    /** The quantities of the client's saved design (as savedQuantities reads the pool data). */
    const designOf = async (clientId: string) => {
      const design = await savedDesignOf(app.db, clientId)
      return design && quantities(design)
    }

    app.decorate('scopeItems', {
      list,
      edit,
      levelPoolData: async (poolData) =>
        poolData.poolChoices.some(needsLevelling)
          ? levelPoolData(poolData, await facts())
          : poolData,
      levelEntry: async <E extends PoolEntry>(clientId: string, entry: E) =>
        needsLevelling(entry)
          ? (levelEntry(entry, { ...(await facts()), quantities: await designOf(clientId) }) as E)
          : entry,
    } satisfies ScopeItems)
  },
  { name: 'scope-items', dependencies: ['db', 'stages'] },
)
