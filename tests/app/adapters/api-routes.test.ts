import { describe, expect, it } from 'vitest'
import { NoBody } from '../../../contract/api'
import {
  adminRoutes,
  authRoutes,
  bidsRoutes,
  checklistAdminRoutes,
  checklistRoutes,
  clientRoutes,
  documentsRoutes,
  exportsRoutes,
  messageRoutes,
  moneyRoutes,
  onboardingRoutes,
  passportRoutes,
  projectRoutes,
  routes,
  scopeAdminRoutes,
  scopeRoutes,
  timelineRoutes,
  tradeExportsRoutes,
  tradeMessageRoutes,
  tradeRoutes,
  tradesRoutes,
  type CallName,
  type RouteDef,
} from '../../../contract/routes'
import type { AdminCall } from '../../../machines/admin/admin.types'
import type { ClientCall } from '../../../machines/client/client.types'
import type { ProjectsCall } from '../../../machines/projects/projects.types'
import { createCaller, type Table } from '../../../src/adapters/api/caller'
import { createHttp } from '../../../src/adapters/api/http'
import { apiWith, BASE, failure } from './api-test-kit'
import { problem } from './fake-fetch'

const id = '4a0c2f3e-2b1d-4c5e-9f6a-7b8c9d0e1f2a'
/** A value for each path parameter of the table. */
const params = {
  id,
  noticeId: id,
  slug: 'pre-gunite',
  step: 'pool-startup',
  token: 'a-secret',
  variant: 'thumb',
  form: 'conditional-progress',
  inspection: 'barrier',
  itemId: id,
  cityId: id,
  day: '7',
  clientId: id,
  thread: 'plumbing',
}
const probe = { probe: 'a body' }

/** What a caller gives the call `route` stands for: its path parameters, a body where it takes one. */
function inputOf(route: RouteDef) {
  const takesBody = route.body !== undefined && route.body !== NoBody
  return { ...params, tempToken: 'temp-1', ...(takesBody ? { body: probe } : {}) }
}

/** The request the table says a call makes: method, URL under the base, JSON body or none. */
function expected(route: RouteDef) {
  const path = route.path
    .replace(/^\/api/, '')
    .replace(/:(\w+)/g, (_, name: string) => Reflect.get(params, name) ?? `missing ${name}`)
  const { body } = inputOf(route) as { body?: unknown }
  return { method: route.method, url: `${BASE}${path}`, body: body ?? null }
}

const entries = (table: Record<string, RouteDef>) => Object.entries(table)

async function sent(make: (api: ReturnType<typeof apiWith>) => Promise<unknown>) {
  const network = apiWith([problem(404, 'NOT_FOUND')])
  expect(await failure(make(network))).toMatchObject({ status: 404, code: 'NOT_FOUND' })
  const [request] = network.requests
  return { method: request?.method, url: request?.url, body: network.bodies[0] }
}

describe('the route table', () => {
  it('is the union of its parts, each call named once', () => {
    const parts = [
      authRoutes,
      onboardingRoutes,
      clientRoutes,
      timelineRoutes,
      moneyRoutes,
      documentsRoutes,
      exportsRoutes,
      passportRoutes,
      tradesRoutes,
      bidsRoutes,
      tradeRoutes,
      tradeExportsRoutes,
      scopeRoutes,
      checklistRoutes,
      adminRoutes,
      scopeAdminRoutes,
      checklistAdminRoutes,
      messageRoutes,
      tradeMessageRoutes,
      projectRoutes,
    ].flatMap((part) => Object.keys(part))
    expect(parts.sort()).toEqual(Object.keys(routes).sort())
    expect(new Set(parts).size).toBe(parts.length)
  })

  // Every entry is one a caller can make: the whole table is a caller's table.
  const table: Table<CallName> = routes
  it.each(entries(routes))('%s is made as the table says', async (name, route) => {
    const request = await sent(({ settings }) =>
      createCaller(createHttp(settings), (key) => table[key]).call(
        name as CallName,
        inputOf(route) as never,
      ),
    )
    expect(request).toEqual(expected(route))
  })
})

describe('the API port', () => {
  it('holds the sign-in calls, the stages and the areas’ ports', () => {
    const { api } = apiWith([])
    expect(Object.keys(api).sort()).toEqual(
      [
        'adminCall',
        'call',
        'clientCall',
        'fetchAdmin',
        'fetchFile',
        'projectsCall',
        'projectThreads',
        'stages',
        'uploadFile',
      ].sort(),
    )
  })

  it("sends a call's query, leaving out what is undefined", async () => {
    const before = '2026-11-20T09:00:00.000Z'
    const beforeId = '00000000-0000-4000-8000-000000000001'
    const paged = { name: 'threadMessages', thread: 'plumbing', query: { before } } as const
    expect((await sent(({ api }) => api.clientCall(paged))).url).toBe(
      `${BASE}/threads/plumbing/messages?before=${encodeURIComponent(before)}`,
    )
    const edge = { ...paged, query: { before, beforeId } }
    expect((await sent(({ api }) => api.clientCall(edge))).url).toBe(
      `${BASE}/threads/plumbing/messages?before=${encodeURIComponent(before)}&beforeId=${beforeId}`,
    )
    const newest = { name: 'threadMessages', thread: 'plumbing', query: {} } as const
    expect((await sent(({ api }) => api.clientCall(newest))).url).toBe(
      `${BASE}/threads/plumbing/messages`,
    )
  })

  it("makes a project's thread calls as its manager does", async () => {
    const ports = (api: ReturnType<typeof apiWith>['api']) => api.projectThreads(id)
    const base = `${BASE}/admin/projects/${id}/threads`
    expect(await sent(({ api }) => ports(api).threads())).toMatchObject({
      method: 'GET',
      url: base,
    })
    expect(await sent(({ api }) => ports(api).messages('steel', {}))).toMatchObject({
      method: 'GET',
      url: `${base}/steel/messages`,
    })
    expect(await sent(({ api }) => ports(api).post('steel', { text: 'Hi' }))).toEqual({
      method: 'POST',
      url: `${base}/steel/messages`,
      body: { text: 'Hi' },
    })
    expect(await sent(({ api }) => ports(api).read('steel'))).toMatchObject({
      method: 'PUT',
      url: `${base}/steel/read`,
    })
  })

  it.each(entries({ ...authRoutes, ...onboardingRoutes }))('call makes %s', async (name, route) => {
    const request = await sent(({ api }) => api.call(name as never, inputOf(route) as never))
    expect(request).toEqual(expected(route))
  })

  // The upload is multipart (upload-file.test.ts); a file's bytes are read through its address.
  const builderCalls = entries({
    ...clientRoutes,
    ...timelineRoutes,
    ...moneyRoutes,
    ...documentsRoutes,
    ...tradesRoutes,
    ...scopeRoutes,
    ...checklistRoutes,
  }).filter(([name]) => name !== 'uploadFile' && name !== 'fileVariant')
  it.each(builderCalls)('clientCall makes %s', async (name, route) => {
    const call = { name, ...inputOf(route) } as ClientCall
    expect(await sent(({ api }) => api.clientCall(call))).toEqual(expected(route))
  })

  const writes = entries({ ...adminRoutes, ...scopeAdminRoutes, ...checklistAdminRoutes }).filter(
    ([name]) => name !== 'adminFetch',
  )
  it.each(writes)('adminCall makes %s', async (name, route) => {
    const call = { name, ...inputOf(route) } as AdminCall
    expect(await sent(({ api }) => api.adminCall(call))).toEqual(expected(route))
  })

  const { projects, project, enterQuote } = projectRoutes
  it.each(entries({ projects, project, enterQuote }))(
    'projectsCall makes %s',
    async (name, route) => {
      const call = { name, ...inputOf(route) } as ProjectsCall
      expect(await sent(({ api }) => api.projectsCall(call))).toEqual(expected(route))
    },
  )

  it('puts a path parameter in escaped', async () => {
    const request = await sent(({ api }) =>
      api.adminCall({ name: 'deleteManager', id: '../fetch' }),
    )
    expect(request.url).toBe(`${BASE}/admin/managers/..%2Ffetch`)
  })
})
