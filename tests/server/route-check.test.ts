import Fastify from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { describe, expect, it } from 'vitest'
import { z } from 'zod/mini'
import { IdParams, NoBody } from '../../contract'
import { routes, type RouteDef } from '../../contract/routes'
import { routeFrom } from '../../server/lib/route-of'
import routeCheck from '../../server/plugins/core/route-check'
import { build } from '../support/build'

const Thing = z.object({ id: z.uuid(), name: z.string() })
const ThingInput = z.strictObject({ name: z.string() })

/** A tiny table: one read, one admin write. */
const table = {
  things: {
    method: 'GET',
    path: '/api/things',
    access: 'public',
    data: z.array(Thing),
  },
  renameThing: {
    method: 'PUT',
    path: '/api/things/:id',
    access: 'admin',
    params: IdParams,
    body: ThingInput,
    data: Thing,
  },
} as const satisfies Record<string, RouteDef>

const handler = async () => ({ Data: [] })

/** A bare app with the check over `table`; `register` adds the routes under test. */
async function appWith(register: (app: ReturnType<typeof Fastify>) => void) {
  const app = Fastify()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  await app.register(routeCheck, { table })
  register(app)
  return app
}

describe('the start-up check of the route table', () => {
  it('lets an app start whose routes are the table exactly', async () => {
    const app = await appWith((app) => {
      app.route({ ...routeFrom('things', table.things), handler })
      app.route({ ...routeFrom('renameThing', table.renameThing), handler })
    })
    await expect(app.ready()).resolves.toBeDefined()
    await app.close()
  })

  it('refuses to start when a call of the table is not registered, naming it', async () => {
    const app = await appWith((app) => app.route({ ...routeFrom('things', table.things), handler }))
    await expect(app.ready()).rejects.toThrow(
      /renameThing \(PUT \/api\/things\/:id\) is not registered/,
    )
  })

  it('refuses a call registered with another access, naming it', async () => {
    const app = await appWith((app) => {
      app.route({ ...routeFrom('things', table.things), handler })
      const rename = routeFrom('renameThing', table.renameThing)
      app.route({ ...rename, config: { ...rename.config, access: 'client' }, handler })
    })
    await expect(app.ready()).rejects.toThrow(/renameThing has access client, not admin/)
  })

  it('refuses a call registered with another body, path or answer, naming it', async () => {
    const app = await appWith((app) => {
      const things = routeFrom('things', table.things)
      app.route({
        ...things,
        schema: { ...things.schema, response: { 200: z.object({ Data: z.array(Thing) }) } },
        handler,
      })
      const rename = routeFrom('renameThing', table.renameThing)
      app.route({
        ...rename,
        url: '/api/things/rename/:id',
        schema: { ...rename.schema, body: z.strictObject({ name: z.string() }) },
        handler,
      })
    })
    const ready = app.ready()
    await expect(ready).rejects.toThrow(/things answers other than 200/)
    await expect(ready).rejects.toThrow(/renameThing has another body/)
    await expect(ready).rejects.toThrow(/renameThing is PUT \/api\/things\/rename\/:id/)
  })

  it('refuses an /api route the table does not list, but not the docs or routes outside /api', async () => {
    const app = await appWith((app) => {
      app.route({ ...routeFrom('things', table.things), handler })
      app.route({ ...routeFrom('renameThing', table.renameThing), handler })
      app.get('/api/docs/json', handler)
      app.get('/health', handler)
      app.delete('/api/things/:id', { schema: { params: IdParams, body: NoBody } }, handler)
    })
    const error = await app.ready().then(
      () => null,
      (e: unknown) => e,
    )
    expect(String(error)).toMatch(/DELETE \/api\/things\/:id is not in the route table/)
    expect(String(error)).not.toMatch(/docs|health/)
  })

  it('lets the real app start: every call of the contract is registered as the table says', async () => {
    const { app } = await build()
    await expect(app.ready()).resolves.toBeDefined()
    for (const def of Object.values(routes))
      expect(app.hasRoute({ method: def.method, url: def.path }), def.path).toBe(true)
    await app.close()
  })
})
