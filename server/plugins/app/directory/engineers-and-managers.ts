import { and, asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { z } from 'zod/mini'
import type {
  Engineer,
  EngineerEditBody,
  EngineerInput,
  Manager,
  ManagerEditBody,
  ManagerInput,
} from '../../../../contract'
import type { Tx } from '../../../db/driver/client'
import { engineers, managerRequests, managers, users } from '../../../db/schema'
import { refuseAccountEmail, refuseManagerEmail } from '../accounts/email-owners'
import { adminWrite, EMAIL_TAKEN, found, type ItemWrites } from '../../../lib/audit'
import { sampleFlag } from '../../../lib/sample-flag'

/** One directory of people clients pick from, listed by name. */
export type Directory<Input, Edit, Wire> = ItemWrites<Input, Edit, Wire> & {
  exists(id: string): Promise<boolean>
}

type Engineers = Directory<
  z.output<typeof EngineerInput>,
  z.output<typeof EngineerEditBody>,
  Engineer
>
type Managers = Directory<z.output<typeof ManagerInput>, z.output<typeof ManagerEditBody>, Manager>

declare module 'fastify' {
  interface FastifyInstance {
    engineers: Engineers
    managers: Managers
  }
}

type Table = typeof engineers | typeof managers

/** The user a manager with this email signs in as, once it has. */
const managerUser = (email: string) => and(eq(users.email, email), eq(users.role, 'MANAGER'))

/** What differs between two directories: their table, their audit noun, one rule of an edit. */
type DirectorySpec<T extends Table, Wire> = {
  table: T
  /** The audit log's entity and the 404's noun, e.g. 'engineer'. */
  entity: string
  wire(row: T['$inferSelect']): Wire
  /** Runs inside a create's or an edit's transaction (`id` the row edited), before it changes. */
  check?(tx: Tx, fields: { email?: string | undefined }, id?: string): Promise<void>
  /** Runs inside the edit's transaction, after the row changed. */
  afterEdit?(tx: Tx, before: Wire, after: Wire): Promise<void>
  /** Runs inside the delete's transaction, after the row went. */
  afterRemove?(tx: Tx, before: Wire): Promise<void>
}

function directory<T extends Table, Wire extends { id: string }, Input, Edit>(
  app: FastifyInstance,
  spec: DirectorySpec<T, Wire>,
): Directory<Input, Edit, Wire> {
  const { db } = app
  // Both tables have these columns; drizzle's builders cannot see that through the union.
  const table = spec.table as typeof engineers
  const wire = spec.wire as (row: typeof engineers.$inferSelect) => Wire
  const byId = (id: string) => eq(table.id, id)
  const first = (rows: (typeof engineers.$inferSelect)[]) => rows[0] && wire(rows[0])
  const { entity } = spec
  return {
    list: async (query = db) =>
      (await query.select().from(table).orderBy(asc(table.name))).map(wire),
    exists: async (id) =>
      (await db.select({ id: table.id }).from(table).where(byId(id))).length > 0,
    create: (actorId, input) =>
      adminWrite(db, actorId, async (tx) => {
        await spec.check?.(tx, input as { email?: string })
        const rows = await tx
          .insert(table)
          .values(input as typeof table.$inferInsert)
          .returning()
        const after = found(first(rows), entity)
        return { action: 'create', entity, entityId: after.id, after, data: after }
      }),
    edit: (actorId, id, edit) =>
      adminWrite(
        db,
        actorId,
        async (tx) => {
          const locked = await tx.select().from(table).where(byId(id)).for('update')
          const before = found(first(locked), entity)
          await spec.check?.(tx, edit as { email?: string }, id)
          const rows = await tx
            .update(table)
            // An edited sample is the admin's own data from then on.
            .set({ ...(edit as Partial<typeof table.$inferInsert>), sample: false })
            .where(byId(id))
            .returning()
          const after = found(first(rows), entity)
          await spec.afterEdit?.(tx, before, after)
          return { action: 'edit', entity, entityId: id, before, after, data: after }
        },
        // A manager's user may move to an email another manager's user signed in with.
        EMAIL_TAKEN,
      ),
    remove: async (actorId, id) => {
      await adminWrite(db, actorId, async (tx) => {
        const before = found(first(await tx.delete(table).where(byId(id)).returning()), entity)
        await spec.afterRemove?.(tx, before)
        return { action: 'delete', entity, entityId: id, before, data: null }
      })
    },
  }
}

export const engineerOf = (row: typeof engineers.$inferSelect): Engineer => ({
  id: row.id,
  name: row.name,
  company: row.company,
  email: row.email,
  phone: row.phone,
  licenseNo: row.licenseNo,
  fee: row.fee,
  ...sampleFlag(row),
})

export const managerOf = (row: typeof managers.$inferSelect): Manager => ({
  id: row.id,
  name: row.name,
  company: row.company,
  email: row.email,
  phone: row.phone,
  bio: row.bio,
  yearsExperience: row.yearsExperience,
  fee: row.fee,
  ...sampleFlag(row),
})

/**
 * The engineers a client picks from in the Engineering step, and the project managers clients
 * ask for. A client's choice keeps the id of an engineer deleted since: the step then shows no
 * engineer chosen. A request outlives its manager: manager_id becomes null (ON DELETE SET NULL)
 * and manager_name keeps saying whom the client asked for.
 */
export default fp(
  async function directoryRepository(app: FastifyInstance) {
    app.decorate(
      'engineers',
      directory(app, { table: engineers, entity: 'engineer', wire: engineerOf }) as Engineers,
    )
    app.decorate(
      'managers',
      directory(app, {
        table: managers,
        entity: 'manager',
        wire: managerOf,
        // It signs in with its email: one account's, one manager's.
        check: async (tx, { email }, id) => {
          await refuseAccountEmail(tx, email)
          await refuseManagerEmail(tx, email, id)
        },
        // Requests name the manager as they are now; only a deleted manager's name is frozen.
        // Its user, once it has signed in, signs in with the new email under the new name.
        afterEdit: async (tx, before, after) => {
          if (after.email !== before.email || after.name !== before.name)
            await tx
              .update(users)
              .set({ email: after.email, name: after.name })
              .where(managerUser(before.email))
          if (after.name === before.name) return
          await tx
            .update(managerRequests)
            .set({ managerName: after.name })
            .where(eq(managerRequests.managerId, after.id))
        },
        // A deleted manager signs in no more: its user goes, and with it its sessions.
        afterRemove: async (tx, before) => {
          await tx.delete(users).where(managerUser(before.email))
        },
      }) as Managers,
    )
  },
  { name: 'directory', dependencies: ['db'] },
)
