import type { AdminFetchData } from '../../contract'
import { adminModel, createAdminTestModel } from '../model/admin.model'
import { adminWalk, REQUESTER } from '../model/admin.walk'
import { describeChromiumPaths } from './support/model-paths'

const requesterCity = { name: 'Boise', state: 'ID' }

describeChromiumPaths({
  name: 'admin',
  model: adminModel,
  testModel: createAdminTestModel(),
  walk: adminWalk,
  // The cities and the request are the whole back office's: one path at a time.
  concurrent: false,
  // A client asked for a project builder while their city was served; it is not any more.
  prepare: async (server) => {
    const city = await server.serveCity(requesterCity.name, requesterCity.state)
    const token = await server.signUp({
      email: 'bo@example.com',
      name: REQUESTER,
      city: requesterCity.name,
      state: requesterCity.state,
    })
    const requested = await fetch(`${server.url()}/api/request-builder`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
    })
    if (!requested.ok) throw new Error(`requesting a builder: ${await requested.text()}`)
    await server.asAdmin('DELETE', `cities/${city.id}`)
  },
  // No city served, the request open again, and an admin of the path's own.
  people: async (server, tag) => {
    const data = await server.asAdmin<AdminFetchData>('GET', 'fetch')
    for (const city of data.Cities) await server.asAdmin('DELETE', `cities/${city.id}`)
    for (const request of data.BuilderRequests) {
      await server.asAdmin('PUT', `builder-requests/${request.id}`, { status: 'open' })
    }
    const admin = { email: `ada.${tag}@example.com`, name: 'Ada Admin', city: '', state: '' }
    await server.addAdmin(admin)
    return { admin }
  },
  // An admin, signed in with "Remember me" before, opens the back office.
  start: async (driver) => {
    await driver.signedInAs(driver.person('admin').email)
    await driver.open('/admin/pricing')
  },
})
