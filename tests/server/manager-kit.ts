import { managerRequests, managers } from '../../server/db/schema'
import type { TestApp } from '../support/build'

/** A manager's fields, as createManager takes them. */
export const managerInput = (name: string, email: string) => ({
  name,
  company: 'Build Right',
  email,
  phone: '5125550102',
  bio: '',
  yearsExperience: 5,
  fee: 1,
})

/** A manager of the back office's list. */
export async function listManager(t: TestApp, name: string, email: string) {
  const [row] = await t.app.db.insert(managers).values(managerInput(name, email)).returning()
  if (!row) throw new Error('no manager')
  return row
}

/** A manager request of the client for the manager, `accepted` (assigning it) unless told. */
export async function requestManager(
  t: TestApp,
  clientId: string,
  manager: { id: string; name: string },
  status: 'open' | 'contacted' | 'accepted' | 'closed' = 'accepted',
) {
  const values = { clientId, managerId: manager.id, managerName: manager.name, message: '', status }
  const [row] = await t.app.db.insert(managerRequests).values(values).returning()
  if (!row) throw new Error('no request')
  return row.id
}
