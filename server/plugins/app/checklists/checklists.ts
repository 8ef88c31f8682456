import { randomUUID } from 'node:crypto'
import { and, eq, inArray, notExists, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { INSPECTION_SLUGS, type InspectionSlug } from '../../../../contract'
import { defaultChecklist } from '../../../../contract/checklist-defaults'
import {
  PHOTO_FIRST,
  type CheckedItem,
  type Checklist,
  type ChecklistEditBody,
  type ChecklistItem,
  type ChecklistItemDef,
  type ChecklistTickBody,
  type CityChecklist,
} from '../../../../contract/checklists'
import type { Db, Tx } from '../../../db/driver/client'
import {
  cities,
  cityChecklists,
  clients,
  files,
  inspections,
  projectChecklists,
} from '../../../db/schema'
import { adminWrite, found } from '../../../lib/audit'
import { checkKeptIds } from '../../../lib/kept-ids'
import { badRequest, notFound } from '../../../lib/problem'

/**
 * Inspection checklists (PRODUCT.md §16, §18a). A city holds a checklist of each inspection (the
 * defaults until an admin edits it); a project copies its city's the first time it reads or
 * ticks one, and keeps the owner's ticks and photos per item. A city's later edits reach the
 * project's inspections not yet scheduled (waiting or ready: no inspection row).
 */
export type Checklists = {
  /** Every city's checklist of each inspection, cities by name: the admin fetch's. */
  listCities(query?: Db | Tx): Promise<CityChecklist[]>
  /** The project's five checklists, copied from its city's first. */
  list(clientId: string): Promise<Checklist[]>
  /** Ticks or unticks an item; 404 for an item not on the checklist, 400 for the photo rule. */
  tick(
    clientId: string,
    inspection: InspectionSlug,
    itemId: string,
    body: ChecklistTickBody,
  ): Promise<Checklist>
  /** Replaces a city's checklist, audited as actorId's; reaches its unscheduled projects. */
  edit(
    actorId: string,
    cityId: string,
    inspection: InspectionSlug,
    body: ChecklistEditBody,
  ): Promise<CityChecklist>
  /** What a passed or failed entry keeps of the inspection's checklist, inside `tx`. */
  snapshot(tx: Tx, clientId: string, inspection: InspectionSlug): Promise<CheckedItem[]>
}

declare module 'fastify' {
  interface FastifyInstance {
    checklists: Checklists
  }
}

type CityRow = typeof cityChecklists.$inferSelect
type ProjectRow = typeof projectChecklists.$inferSelect

const NOT_ON_LIST = 'This item is not one of this checklist’s'

/** The kinds of file that may show an item (PRODUCT.md §16). */
const PHOTO_KINDS = ['photo', 'inspection']

const byInspection = (a: { inspection: string }, b: { inspection: string }) =>
  INSPECTION_SLUGS.indexOf(a.inspection as InspectionSlug) -
  INSPECTION_SLUGS.indexOf(b.inspection as InspectionSlug)

/** A city's checklist of `inspection`: as edited, or the defaults for its state. */
function cityChecklist(
  city: { id: string; state: string },
  inspection: InspectionSlug,
  rows: readonly CityRow[],
): CityChecklist {
  const row = rows.find((r) => r.cityId === city.id && r.inspection === inspection)
  const held = row
    ? { someoneHome: row.someoneHome, items: row.items }
    : defaultChecklist(inspection, city.state)
  return { cityId: city.id, inspection, ...held }
}

/** A project's items after its city's list changed: kept ids keep their ticks and photos. */
const reapplied = (items: readonly ChecklistItemDef[], held: readonly ChecklistItem[]) =>
  items.map((item) => {
    const was = held.find((h) => h.id === item.id)
    return { ...item, checked: was?.checked ?? false, fileIds: was?.fileIds ?? [] }
  })

export default fp(
  async function checklistsRepository(app: FastifyInstance) {
    const { db } = app

    /** The client's city (id and state), or its own state while the city is not served. */
    const placeOf = async (query: Db | Tx, clientId: string) => {
      const [row] = await query
        .select({ id: cities.id, cityState: cities.state, state: clients.state })
        .from(clients)
        .leftJoin(cities, eq(cities.key, clients.cityKey))
        .where(eq(clients.userId, clientId))
      return { id: row?.id ?? '', state: row?.cityState ?? row?.state ?? '' }
    }

    /** The project's rows, its missing inspections first copied from its city's. */
    const heldBy = (query: Db | Tx, clientId: string) =>
      query.select().from(projectChecklists).where(eq(projectChecklists.clientId, clientId))
    const missingOf = (held: readonly ProjectRow[]) =>
      INSPECTION_SLUGS.filter((slug) => !held.some((r) => r.inspection === slug))

    const copied = async (tx: Tx, clientId: string): Promise<ProjectRow[]> => {
      const held = await heldBy(tx, clientId)
      const missing = missingOf(held)
      if (missing.length === 0) return held
      const city = await placeOf(tx, clientId)
      const rows = city.id
        ? await tx.select().from(cityChecklists).where(eq(cityChecklists.cityId, city.id))
        : []
      const values = missing.map((inspection) => {
        const { someoneHome, items } = cityChecklist(city, inspection, rows)
        return { clientId, inspection, someoneHome, items: reapplied(items, []) }
      })
      await tx.insert(projectChecklists).values(values).onConflictDoNothing()
      return tx.select().from(projectChecklists).where(eq(projectChecklists.clientId, clientId))
    }

    /** The ids of the client's files that may show an item. */
    const photoIds = async (query: Db | Tx, clientId: string, ids?: readonly string[]) => {
      const rows = await query
        .select({ id: files.id })
        .from(files)
        .where(
          and(
            eq(files.clientId, clientId),
            inArray(files.kind, PHOTO_KINDS),
            ids ? inArray(files.id, [...ids]) : undefined,
          ),
        )
      return new Set(rows.map((row) => row.id))
    }

    /** A row as the owner sees it: photos since deleted are left out. */
    const answer = (row: ProjectRow, kept: ReadonlySet<string>): Checklist => ({
      inspection: row.inspection as InspectionSlug,
      someoneHome: row.someoneHome,
      items: row.items.map((item) => ({
        ...item,
        fileIds: item.fileIds.filter((id) => kept.has(id)),
      })),
    })

    const answers = (rows: ProjectRow[], kept: ReadonlySet<string>) =>
      rows.toSorted(byInspection).map((row) => answer(row, kept))

    // Two statements side by side once the project holds its copies; the first read copies them.
    const list: Checklists['list'] = async (clientId) => {
      const [held, kept] = await Promise.all([heldBy(db, clientId), photoIds(db, clientId)])
      if (missingOf(held).length === 0) return answers(held, kept)
      return db.transaction(async (tx) =>
        answers(await copied(tx, clientId), await photoIds(tx, clientId)),
      )
    }

    const tick: Checklists['tick'] = (clientId, inspection, itemId, body) =>
      db.transaction(async (tx) => {
        await copied(tx, clientId)
        const [row] = await tx
          .select()
          .from(projectChecklists)
          .where(
            and(
              eq(projectChecklists.clientId, clientId),
              eq(projectChecklists.inspection, inspection),
            ),
          )
          .for('update')
        const item = row?.items.find((i) => i.id === itemId)
        if (!row || !item) throw notFound('This item is not on the checklist.')
        const kept = await photoIds(tx, clientId)
        if (body.fileIds?.some((id) => !kept.has(id)))
          throw badRequest({ fileIds: ['Choose your own photos or inspection files'] })
        const fileIds = (body.fileIds ?? item.fileIds).filter((id) => kept.has(id))
        if (body.checked && item.photo && fileIds.length === 0)
          throw badRequest({ checked: [PHOTO_FIRST] }, PHOTO_FIRST)
        const items = row.items.map((i) =>
          i.id === itemId ? { ...i, checked: body.checked, fileIds } : i,
        )
        const [written] = await tx
          .update(projectChecklists)
          .set({ items, updatedAt: app.clock() })
          .where(
            and(
              eq(projectChecklists.clientId, clientId),
              eq(projectChecklists.inspection, inspection),
            ),
          )
          .returning()
        return answer(found(written, 'checklist'), kept)
      })

    const listCities: Checklists['listCities'] = async (query = db) => {
      const [cityRows, rows] = await Promise.all([
        query
          .select({ id: cities.id, state: cities.state })
          .from(cities)
          .orderBy(cities.name, cities.state),
        query.select().from(cityChecklists),
      ])
      return cityRows.flatMap((city) =>
        INSPECTION_SLUGS.map((inspection) => cityChecklist(city, inspection, rows)),
      )
    }

    const edit: Checklists['edit'] = (actorId, cityId, inspection, body) =>
      adminWrite(db, actorId, async (tx) => {
        // Two edits of one city run one after the other: the city row is their lock.
        const [city] = await tx
          .select({ id: cities.id, state: cities.state, key: cities.key })
          .from(cities)
          .where(eq(cities.id, cityId))
          .for('update')
        if (!city) throw notFound('No city has this id.')
        const rows = await tx.select().from(cityChecklists).where(eq(cityChecklists.cityId, cityId))
        const before = cityChecklist(city, inspection, rows)
        checkKeptIds(body.items, new Set(before.items.map((item) => item.id)), NOT_ON_LIST)
        const items = body.items.map((item) => ({
          id: item.id ?? randomUUID(),
          text: item.text,
          photo: item.photo,
          code: item.code || null,
        }))
        const values = { someoneHome: body.someoneHome, items, updatedAt: app.clock() }
        await tx
          .insert(cityChecklists)
          .values({ cityId, inspection, ...values })
          .onConflictDoUpdate({
            target: [cityChecklists.cityId, cityChecklists.inspection],
            set: values,
          })
        const unscheduled = await tx
          .select()
          .from(projectChecklists)
          .where(
            and(
              eq(projectChecklists.inspection, inspection),
              inArray(
                projectChecklists.clientId,
                tx
                  .select({ id: clients.userId })
                  .from(clients)
                  .where(eq(clients.cityKey, city.key)),
              ),
              notExists(
                tx
                  .select({ one: sql`1` })
                  .from(inspections)
                  .where(
                    and(
                      eq(inspections.clientId, projectChecklists.clientId),
                      eq(inspections.slug, inspection),
                    ),
                  ),
              ),
            ),
          )
          .for('update')
        for (const row of unscheduled) {
          await tx
            .update(projectChecklists)
            .set({ ...values, items: reapplied(items, row.items) })
            .where(
              and(
                eq(projectChecklists.clientId, row.clientId),
                eq(projectChecklists.inspection, inspection),
              ),
            )
        }
        const after: CityChecklist = { cityId, inspection, someoneHome: body.someoneHome, items }
        const entityId = `${cityId}/${inspection}`
        return { action: 'edit', entity: 'checklist', entityId, before, after, data: after }
      })

    const snapshot: Checklists['snapshot'] = async (tx, clientId, inspection) => {
      const row = (await copied(tx, clientId)).find((r) => r.inspection === inspection)
      return (row?.items ?? []).map(({ id, text, checked }) => ({ itemId: id, text, checked }))
    }

    app.decorate('checklists', {
      listCities,
      list,
      tick,
      edit,
      snapshot,
    } satisfies Checklists)
  },
  { name: 'checklists', dependencies: ['db', 'core'] },
)
