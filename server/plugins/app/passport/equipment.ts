import { and, asc, count, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import {
  EquipmentKind,
  MAX_EQUIPMENT,
  type Equipment,
  type EquipmentBody,
} from '../../../../contract/passport'
import type { Db, Tx } from '../../../db/driver/client'
import { clients, equipment, warranties } from '../../../db/schema'
import { badRequest, conflict, notFound } from '../../../lib/problem'

/**
 * The pool's equipment register (PRODUCT.md §17). Another client's piece is unknown (404); a
 * warranty that is not one of the client's is refused on its field (400).
 */
export type EquipmentRegister = {
  /** Oldest added first. */
  list(clientId: string): Promise<Equipment[]>
  /** At most MAX_EQUIPMENT pieces a project (409). */
  create(clientId: string, piece: EquipmentBody): Promise<Equipment>
  /** Replaces the whole piece, as created. */
  edit(clientId: string, id: string, piece: EquipmentBody): Promise<Equipment>
  remove(clientId: string, id: string): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    equipment: EquipmentRegister
  }
}

type EquipmentRow = typeof equipment.$inferSelect

const NO_EQUIPMENT = 'No equipment has this id.'

/** A piece of equipment as the wire has it. */
export const equipmentOf = (row: EquipmentRow): Equipment => ({
  id: row.id,
  kind: EquipmentKind.parse(row.kind),
  make: row.make,
  model: row.model,
  serial: row.serial,
  installedOn: row.installedOn,
  warrantyId: row.warrantyId,
  createdAt: row.createdAt.toISOString(),
})

/** A client's equipment, oldest added first (the passport lists it in this order too). */
export async function equipmentOfClient(query: Db | Tx, clientId: string): Promise<Equipment[]> {
  const rows = await query
    .select()
    .from(equipment)
    .where(eq(equipment.clientId, clientId))
    .orderBy(asc(equipment.createdAt), asc(equipment.id))
  return rows.map(equipmentOf)
}

const columnsOf = (piece: EquipmentBody) => ({
  kind: piece.kind,
  make: piece.make,
  model: piece.model,
  serial: piece.serial ?? '',
  installedOn: piece.installedOn ?? null,
  warrantyId: piece.warrantyId ?? null,
})

export default fp(
  async function equipmentRepository(app: FastifyInstance) {
    const { db } = app

    const mine = (clientId: string, id: string) =>
      and(eq(equipment.id, id), eq(equipment.clientId, clientId))

    /** Runs a write once the piece's warranty (if any) is known to be the client's, kept until it commits. */
    const write = (
      clientId: string,
      piece: EquipmentBody,
      run: (tx: Tx, columns: ReturnType<typeof columnsOf>) => Promise<EquipmentRow | undefined>,
    ) =>
      db.transaction(async (tx) => {
        const columns = columnsOf(piece)
        if (columns.warrantyId) {
          const [warranty] = await tx
            .select({ id: warranties.id })
            .from(warranties)
            .where(and(eq(warranties.id, columns.warrantyId), eq(warranties.clientId, clientId)))
            .for('share')
          if (!warranty) throw badRequest({ warrantyId: ['Choose one of your warranties'] })
        }
        const row = await run(tx, columns)
        if (!row) throw notFound(NO_EQUIPMENT)
        return equipmentOf(row)
      })

    const create: EquipmentRegister['create'] = (clientId, piece) =>
      write(clientId, piece, async (tx, columns) => {
        // The client's row orders two adds at once, so neither passes the limit unseen.
        await tx.select().from(clients).where(eq(clients.userId, clientId)).for('update')
        const [held] = await tx
          .select({ n: count() })
          .from(equipment)
          .where(eq(equipment.clientId, clientId))
        if ((held?.n ?? 0) >= MAX_EQUIPMENT)
          throw conflict(`A project holds at most ${MAX_EQUIPMENT} pieces of equipment.`)
        const [row] = await tx
          .insert(equipment)
          .values({ clientId, ...columns, createdAt: app.clock() })
          .returning()
        return row
      })

    const edit: EquipmentRegister['edit'] = (clientId, id, piece) =>
      write(clientId, piece, async (tx, columns) => {
        const [row] = await tx.update(equipment).set(columns).where(mine(clientId, id)).returning()
        return row
      })

    const remove: EquipmentRegister['remove'] = async (clientId, id) => {
      const [deleted] = await db
        .delete(equipment)
        .where(mine(clientId, id))
        .returning({ id: equipment.id })
      if (!deleted) throw notFound(NO_EQUIPMENT)
    }

    app.decorate('equipment', {
      list: (clientId) => equipmentOfClient(db, clientId),
      create,
      edit,
      remove,
    } satisfies EquipmentRegister)
  },
  { name: 'equipment', dependencies: ['db', 'core'] },
)
