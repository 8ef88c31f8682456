import SwaggerParser from '@apidevtools/swagger-parser'
import { Validator } from '@seriousme/openapi-schema-validator'
import type { OpenAPIV3 } from 'openapi-types'
import type { z } from 'zod/mini'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NoBody } from '../../contract/api'
import { TRADE_SESSION_COOKIE } from '../../contract/bids'
import { routes, type RouteDef } from '../../contract/routes'
import { componentRegistry } from '../../server/lib/openapi-components'
import { build, type TestApp } from '../support/build'
import { expectDocumented } from '../support/openapi-check'

let t: TestApp
let doc: OpenAPIV3.Document
beforeAll(async () => {
  t = await build()
  doc = (await t.app.inject('/api/docs/json')).json()
})
afterAll(() => t.app.close())

type Method = 'get' | 'put' | 'post' | 'delete'
const operation = (method: Method, path: string): OpenAPIV3.OperationObject => {
  const found = doc.paths[path]?.[method]
  if (!found) throw new Error(`${method} ${path} is not documented`)
  return found
}
const responses = (method: Method, path: string) =>
  operation(method, path).responses as Record<string, OpenAPIV3.ResponseObject>
const statuses = (method: Method, path: string) => Object.keys(responses(method, path))

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    (['get', 'put', 'post', 'delete'] as const).flatMap((method) => {
      const found = item?.[method]
      return found ? [{ path, method, operation: found }] : []
    }),
  )

describe('the problems of each call', () => {
  it('are documented as the one problem+json schema, with its field errors and its codes', () => {
    const problem = doc.components?.schemas?.Problem as OpenAPIV3.SchemaObject
    expect(problem.required).toEqual(
      expect.arrayContaining(['type', 'title', 'status', 'detail', 'code']),
    )
    expect(problem.properties?.errors).toMatchObject({
      type: 'object',
      additionalProperties: { type: 'array', items: { type: 'string' } },
    })
    expect(operations()).toHaveLength(Object.keys(routes).length)
    for (const { path, method, operation: op } of operations()) {
      const errors = Object.entries(op.responses).filter(([status]) => Number(status) >= 400)
      // Any call may fail unexpectedly: a 500, and nothing of its internals.
      expect(Object.keys(op.responses), `${method} ${path}`).toContain('500')
      for (const [status, response] of errors)
        expect(response, `${method} ${path} ${status}`).toMatchObject({
          content: {
            'application/problem+json': {
              schema: { allOf: [{ $ref: '#/components/schemas/Problem' }, { properties: {} }] },
            },
          },
        })
    }
  })

  it('name the codes of each status, so an answer with another code is not the document’s', async () => {
    const schema = responses('post', '/api/verify')['404']?.content?.['application/problem+json']
      ?.schema as OpenAPIV3.SchemaObject
    expect(schema.allOf?.[1]).toMatchObject({
      properties: { code: { enum: expect.arrayContaining(['ACCOUNT_NOT_FOUND']) } },
    })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/verify',
      payload: { email: 'nobody@example.com', code: '123456' },
    })
    const asCode = (code: string) => ({ ...res, json: () => ({ ...res.json(), code }) })
    expect(() => expectDocumented(t, 'verify', res)).not.toThrow()
    expect(() =>
      expectDocumented(t, 'verify', asCode('PAYMENT_REQUEST_CLOSED') as typeof res),
    ).toThrow(/not as the API document says/)
  })

  it('follow from the call: its access, parameters, body and declared refusals', () => {
    // Public, with a body: field errors only (and a cross-site refusal, being a POST).
    expect(statuses('post', '/api/validate')).toEqual(['200', '400', '403', '413', '415', '500'])
    // Sign-up's step that the client branches on, the code errors and the rate limit.
    const verify = responses('post', '/api/verify')
    expect(verify['404']?.description).toContain('ACCOUNT_NOT_FOUND')
    expect(verify['401']?.description).toContain('CODE_INVALID')
    expect(verify['429']?.headers?.['Retry-After']).toMatchObject({ required: true })
    // An admin's delete: signed in, an admin, an id; a body sent to it is refused as any other.
    expect(statuses('delete', '/api/admin/client/{id}')).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '413',
      '415',
      '500',
    ])
    // A builder call that refuses with codes.
    expect(responses('delete', '/api/trades/{id}')['409']?.description).toContain(
      'TRADE_HAS_CONTRACT',
    )
    // An upload: too large, not a type we keep, over the quota.
    const upload = responses('post', '/api/files')
    expect(upload['413']?.description).toContain('FILE_TOO_LARGE')
    expect(upload['415']?.description).toContain('UNSUPPORTED_FILE')
    expect(upload['409']?.description).toContain('QUOTA_EXCEEDED')
    // A trade's call: no role to refuse, a link that can be gone.
    expect(statuses('get', '/api/trade')).toEqual(['200', '401', '410', '500'])
    expect(statuses('get', '/api/calendar/{token}.ics')).toEqual(['200', '404', '429', '500'])
  })
})

describe('the credential of each call', () => {
  it('follows from its access: a bearer token, the trade session cookie, or none', () => {
    expect(doc.components?.securitySchemes).toMatchObject({
      bearer: { type: 'http', scheme: 'bearer' },
      tradeSession: { type: 'apiKey', in: 'cookie', name: TRADE_SESSION_COOKIE },
      signedUrl: { type: 'apiKey', in: 'query', name: 'sig' },
    })
    const byOperation = new Map(operations().map(({ operation: op }) => [op.operationId, op]))
    for (const [name, def] of Object.entries(routes)) {
      const expected = {
        public: [],
        trade: [{ tradeSession: [] }],
        user: [{ bearer: [] }],
        client: [{ bearer: [] }],
        builder: [{ bearer: [] }],
        admin: [{ bearer: [] }],
        manager: [{ bearer: [] }],
        staff: [{ bearer: [] }],
      }[def.access]
      const security = byOperation.get(name)?.security
      if (name === 'fileVariant') expect(security).toEqual([{ signedUrl: [] }])
      else expect(security, name).toEqual(expected)
    }
  })
})

describe('the request body of each call', () => {
  it('is documented where the call takes one, and absent where it takes none', () => {
    const byOperation = new Map(operations().map(({ operation: op }) => [op.operationId, op]))
    const table: Record<string, RouteDef> = routes
    const bodyless = Object.entries(table).filter(([, def]) => def.body === NoBody)
    // The eight deletes, refresh, logout, the builder's request, the calendar token and more.
    expect(bodyless.length).toBeGreaterThanOrEqual(12)
    for (const [name] of bodyless) expect(byOperation.get(name)?.requestBody, name).toBeUndefined()
    expect(byOperation.get('login')?.requestBody).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/LoginBodyInput' } } },
    })
    expect(doc.components?.schemas?.LoginBodyInput).toMatchObject({ required: ['email'] })
  })
})

describe('what each call sends and answers', () => {
  it('documents an upload as multipart, and the calendar, a page and file bytes as they are', () => {
    expect(operation('post', '/api/files').requestBody).toMatchObject({
      content: {
        'multipart/form-data': {
          schema: {
            properties: { file: { type: 'string', format: 'binary' }, kind: {}, step: {} },
            required: ['file', 'kind'],
          },
        },
      },
    })
    expect(
      Object.keys(responses('get', '/api/calendar/{token}.ics')['200']?.content ?? {}),
    ).toEqual(['text/calendar'])
    expect(Object.keys(responses('get', '/api/unsubscribe/{token}')['200']?.content ?? {})).toEqual(
      ['text/html'],
    )
    expect(responses('get', '/api/files/{id}/{variant}')['200']?.content).toMatchObject({
      'image/jpeg': { schema: { format: 'binary' } },
      'application/pdf': { schema: { format: 'binary' } },
    })
  })

  it('names each operation by its call and tags it with its part of the table', () => {
    expect(operation('post', '/api/verify')).toMatchObject({
      operationId: 'verify',
      tags: ['auth'],
    })
    expect(operation('put', '/api/admin/scope/edit/{step}')).toMatchObject({
      operationId: 'editScope',
      tags: ['admin-scope'],
    })
  })
})

describe('the document as OpenAPI tools read it', () => {
  it('is valid OpenAPI 3.0 to two validators nobody here wrote', async () => {
    const validator = new Validator()
    const result = await validator.validate(structuredClone(doc) as never)
    expect(result.errors ?? [], 'openapi-schema-validator').toEqual([])
    expect(result.valid).toBe(true)
    // Resolves every reference too: a $ref to a schema that is not there fails here.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined()
  })

  it('fails them when it is not', async () => {
    const broken = structuredClone(doc)
    const operation = broken.paths['/api/timeline']?.get
    if (operation) operation.responses = { 200: { content: {} } as never }
    expect((await new Validator().validate(broken as never)).valid).toBe(false)
    const dangling = structuredClone(doc) as unknown as { components: { schemas: object } }
    dangling.components.schemas = {}
    await expect(SwaggerParser.validate(dangling as never)).rejects.toThrow()
  })
})

describe('the named schemas', () => {
  it('name the contract’s shapes, which the operations refer to rather than repeat', () => {
    const schemas = doc.components?.schemas ?? {}
    for (const name of ['Timeline', 'Money', 'Draw', 'Trade', 'StoredFile', 'BidRequest'])
      expect(schemas, name).toHaveProperty([name])
    const timeline = responses('get', '/api/timeline')['200']?.content?.['application/json']
    expect(timeline?.schema).toMatchObject({
      properties: { Data: { $ref: '#/components/schemas/Timeline' } },
    })
    // A shape inside another is named there too: Money's steps' draws are Draw.
    expect(JSON.stringify(schemas.MoneyStep)).toContain('#/components/schemas/Draw')
  })

  it('include every answer of the table that is an object, so a new module cannot be left out', () => {
    const unnamed = Object.entries(routes as Record<string, RouteDef>).filter(([, def]) => {
      const { type, element } = def.data._zod.def as { type: string; element?: z.ZodMiniType }
      const answered = type === 'array' && element ? element : def.data
      const { shape } = answered._zod.def as { shape?: object }
      // An empty answer ({}) has nothing to name.
      const named = shape !== undefined && Object.keys(shape).length > 0
      return named && !componentRegistry.has(answered)
    })
    expect(unnamed.map(([name]) => name)).toEqual([])
  })

  it('are each used, and each reference names one of them', () => {
    const text = JSON.stringify(doc)
    const named = new Set(Object.keys(doc.components?.schemas ?? {}))
    const referred = new Set(
      [...text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map(([, name]) => name),
    )
    expect([...referred].filter((name) => !named.has(name ?? ''))).toEqual([])
    expect([...named].filter((name) => !referred.has(name))).toEqual([])
  })
})

describe('the answers the server suite gets', () => {
  it('are held to the document: a status it does not list fails the test', async () => {
    const res = await t.app.inject('/api')
    expect(() => expectDocumented(t, 'stages', res)).not.toThrow()
    // The stages' answer read as the login's: a body the document does not give it.
    expect(() => expectDocumented(t, 'login', res)).toThrow(/not as the API document says/)
    const missing = await t.app.inject('/api/admin/client/4a0c2f3e-2b1d-4c5e-9f6a-7b8c9d0e1f2a')
    expect(() => expectDocumented(t, 'stages', missing)).toThrow(/does not list/)
  })
})
