import { eq } from 'drizzle-orm'
import { EngineerData, EngineerEditBody, EngineerInput, type Engineer } from '../../../../contract'
import { engineers } from '../../../db/schema'
import { directoryRoutes } from './directory-routes'

const engineerOf = (row: typeof engineers.$inferSelect): Engineer => ({
  id: row.id,
  name: row.name,
  company: row.company,
  email: row.email,
  phone: row.phone,
  licenseNo: row.licenseNo,
  fee: row.fee,
})
const first = (rows: (typeof engineers.$inferSelect)[]) => rows[0] && engineerOf(rows[0])

/**
 * The engineers a client picks from in the Engineering step. A client's choice keeps the id of an
 * engineer deleted since: the step then shows no engineer chosen, and nothing else breaks.
 */
export default directoryRoutes({
  path: 'engineers',
  entity: 'engineer',
  schemas: { input: EngineerInput, edit: EngineerEditBody, data: EngineerData },
  summaries: {
    create: 'List a new engineer',
    edit: "Change an engineer's details",
    remove: 'Remove an engineer from the list',
  },
  rows: {
    insert: async (tx, body) => first(await tx.insert(engineers).values(body).returning()),
    lock: async (tx, id) =>
      first(await tx.select().from(engineers).where(eq(engineers.id, id)).for('update')),
    update: async (tx, id, body) =>
      first(await tx.update(engineers).set(body).where(eq(engineers.id, id)).returning()),
    remove: async (tx, id) =>
      first(await tx.delete(engineers).where(eq(engineers.id, id)).returning()),
  },
})
