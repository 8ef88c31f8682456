import type { AdminFetchData } from '../../contract'
import { STAGE_SLUGS } from '../../contract/steps'
import { adminModel, createAdminTestModel } from '../model/admin.model'
import { adminWalk, CLIENT, OTHER_CLIENT, REQUESTER } from '../model/admin.walk'
import { describeChromiumPaths } from './support/model-paths'
import type { PathServer } from './support/path-server'

const requesterCity = { name: 'Boise', state: 'ID' }
/** The admins the walk adds share this domain; no other account uses it. */
const WALK_ADMINS = '@poolpath.test'

/** The first stage's design tip as seeded, which the tips paths edit. */
let seededTip = ''

const firstStage = (data: AdminFetchData) => {
  const stage = data.Stages.find((each) => each.slug === STAGE_SLUGS[0])
  if (!stage) throw new Error(`no stage ${STAGE_SLUGS[0]}`)
  return stage
}

const signUpClient = (server: PathServer, name: string, email: string) =>
  server.signUp({ email, name, city: requesterCity.name, state: requesterCity.state })

describeChromiumPaths({
  name: 'admin',
  model: adminModel,
  testModel: createAdminTestModel(),
  walk: adminWalk,
  // The lists and the requests are the whole back office's: one path at a time.
  concurrent: false,
  // Two clients; one asked for a project builder and for a manager while their city was served,
  // and neither the city nor the manager is there any more.
  prepare: async (server) => {
    const city = await server.serveCity(requesterCity.name, requesterCity.state)
    const token = await signUpClient(server, REQUESTER, OTHER_CLIENT.email)
    await signUpClient(server, CLIENT.name, CLIENT.email)
    const manager = await server.asAdmin<{ id: string }>('POST', 'managers/create', {
      name: 'Pat Lane',
      company: 'Lane Pools',
      email: 'pat@lane.test',
      phone: '512 555 0130',
      yearsExperience: 5,
      fee: 100_000,
      bio: 'Pools.',
    })
    const asRequester = async (method: string, url: string, body?: unknown) => {
      const response = await fetch(`${server.url()}/api/${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      if (!response.ok) throw new Error(`${method} ${url}: ${await response.text()}`)
    }
    await asRequester('PUT', 'request-builder')
    await asRequester('POST', 'request-manager', { managerId: manager.id })
    await server.asAdmin('DELETE', `managers/${manager.id}`)
    await server.asAdmin('DELETE', `cities/${city.id}`)
    seededTip = firstStage(await server.asAdmin<AdminFetchData>('GET', 'fetch')).designTip.text
  },
  // Every list as the model starts it, both requests open, and an admin of the path's own.
  people: async (server, tag) => {
    const data = await server.asAdmin<AdminFetchData>('GET', 'fetch')
    for (const city of data.Cities) await server.asAdmin('DELETE', `cities/${city.id}`)
    for (const each of data.Engineers) await server.asAdmin('DELETE', `engineers/${each.id}`)
    for (const each of data.Managers) await server.asAdmin('DELETE', `managers/${each.id}`)
    for (const each of data.Admins.filter((admin) => admin.email.endsWith(WALK_ADMINS))) {
      await server.asAdmin('DELETE', `admin/${each.id}`)
    }
    const client = data.Clients.find((each) => each.name === CLIENT.name)
    if (!client) await signUpClient(server, CLIENT.name, CLIENT.email)
    else if (client.email !== CLIENT.email) {
      await server.asAdmin('PUT', `client/edit/${client.id}`, { email: CLIENT.email })
    }
    const stage = firstStage(data)
    if (stage.designTip.text !== seededTip) {
      await server.asAdmin('PUT', `tips/edit/${stage.designTip.id}`, { text: seededTip })
    }
    for (const request of data.BuilderRequests) {
      await server.asAdmin('PUT', `builder-requests/${request.id}`, { status: 'open' })
    }
    for (const request of data.ManagerRequests) {
      await server.asAdmin('PUT', `manager-requests/${request.id}`, { status: 'open' })
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
