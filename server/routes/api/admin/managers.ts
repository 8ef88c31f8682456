import { eq } from 'drizzle-orm'
import { ManagerData, ManagerEditBody, ManagerInput, type Manager } from '../../../../contract'
import { managerRequests, managers } from '../../../db/schema'
import { directoryRoutes } from './directory-routes'

const managerOf = (row: typeof managers.$inferSelect): Manager => ({
  id: row.id,
  name: row.name,
  company: row.company,
  email: row.email,
  phone: row.phone,
  bio: row.bio,
  yearsExperience: row.yearsExperience,
  fee: row.fee,
})
const first = (rows: (typeof managers.$inferSelect)[]) => rows[0] && managerOf(rows[0])

/**
 * The project managers clients ask for. A request outlives its manager: manager_id becomes null
 * (ON DELETE SET NULL) and manager_name keeps saying whom the client asked for.
 */
export default directoryRoutes({
  path: 'managers',
  entity: 'manager',
  schemas: { input: ManagerInput, edit: ManagerEditBody, data: ManagerData },
  summaries: {
    create: 'List a new project manager',
    edit: "Change a project manager's details",
    remove: 'Remove a project manager from the list',
  },
  rows: {
    insert: async (tx, body) => first(await tx.insert(managers).values(body).returning()),
    lock: async (tx, id) =>
      first(await tx.select().from(managers).where(eq(managers.id, id)).for('update')),
    update: async (tx, id, body) =>
      first(await tx.update(managers).set(body).where(eq(managers.id, id)).returning()),
    remove: async (tx, id) =>
      first(await tx.delete(managers).where(eq(managers.id, id)).returning()),
  },
  // Requests name the manager as they are now; only a deleted manager's name is frozen.
  afterEdit: async (tx, before, after) => {
    if (after.name === before.name) return
    await tx
      .update(managerRequests)
      .set({ managerName: after.name })
      .where(eq(managerRequests.managerId, after.id))
  },
})
