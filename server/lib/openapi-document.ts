/**
 * What the OpenAPI document says of each call beyond its schemas, derived from the route table:
 * the problems it can answer, the credential it takes, its name and its part of the table.
 */
import { STATUS_CODES } from 'node:http'
import type { FastifySchema } from 'fastify'
import type { OpenAPIV3 } from 'openapi-types'
import { z } from 'zod/mini'
import { NoBody } from '../../contract/api'
import { TRADE_SESSION_COOKIE } from '../../contract/bids'
import { DocumentsProblemCode, SignedQuery } from '../../contract/documents'
import { Problem, ProblemCode } from '../../contract/problem'
import { routeParts, routes, type CallName, type RouteDef } from '../../contract/routes'

const tagOf = (name: string) =>
  Object.entries(routeParts).find(([, part]) => Object.hasOwn(part, name))?.[0]

/** The table's entry of a route's `config.call`, when it names one. */
export function callOf(call: unknown): [CallName, RouteDef] | undefined {
  if (typeof call !== 'string' || !Object.hasOwn(routes, call)) return undefined
  return [call as CallName, routes[call as CallName]]
}

const SIGNED_IN: readonly string[] = ['user', 'client', 'builder', 'admin', 'manager', 'staff']
const ROLE_BOUND: readonly string[] = ['client', 'builder', 'admin', 'manager', 'staff']

/** Every problem a call can answer, by status: what its kind implies, then what it declares. */
export function refusalsOf(def: RouteDef): Map<number, Set<string>> {
  const found = new Map<number, Set<string>>()
  const add = (status: number, ...codes: readonly string[]) =>
    found.set(status, new Set([...(found.get(status) ?? []), ...codes]))
  // A path parameter that names nothing is an unknown id: 404 (errors.ts), not 400.
  if (def.query || def.body) add(400, ProblemCode.validation)
  if (def.access !== 'public') add(401, ProblemCode.unauthenticated)
  if (ROLE_BOUND.includes(def.access)) add(403, ProblemCode.forbidden)
  // An unsafe call from another origin, whatever its access (csrf.ts).
  if (def.method !== 'GET') add(403, ProblemCode.crossSite)
  if (def.params) add(404, ProblemCode.notFound)
  // A call that takes no body still reads one sent to it, and refuses it as any other.
  if (def.body) {
    add(413, ProblemCode.payloadTooLarge)
    add(415, ProblemCode.unsupportedMediaType)
  }
  if (def.multipart) {
    add(413, DocumentsProblemCode.fileTooLarge)
    add(415, DocumentsProblemCode.unsupportedFile)
  }
  for (const [status, codes] of Object.entries(def.refuses ?? {})) add(Number(status), ...codes)
  // Any call may fail unexpectedly (the database gone): its write is rolled back, and the
  // answer carries no internals (errors.ts).
  add(500, ProblemCode.internal)
  return new Map([...found].sort(([a], [b]) => a - b))
}

const PROBLEM_REF = { $ref: '#/components/schemas/Problem' }

function problemResponse(status: number, codes: Set<string>): OpenAPIV3.ResponseObject {
  return {
    description: `${STATUS_CODES[status] ?? 'Error'}: ${[...codes].join(', ')}`,
    ...(status === 429
      ? {
          headers: {
            'Retry-After': {
              description: 'Seconds until the limit lets this call through again.',
              required: true,
              schema: { type: 'integer', minimum: 0 },
            },
          },
        }
      : {}),
    content: {
      'application/problem+json': {
        // The problem, with a code among those this call declares for this status.
        schema: {
          allOf: [
            PROBLEM_REF,
            { type: 'object', properties: { code: { type: 'string', enum: [...codes] } } },
          ],
        },
      },
    },
  }
}

/**
 * The credential a call takes: a bearer token, the trade's cookie, or none; a signed file
 * address carries its signature in the query, and a calendar or unsubscribe address its secret
 * token in the path.
 */
function securityOf(def: RouteDef): OpenAPIV3.SecurityRequirementObject[] {
  if (def.access === 'trade') return [{ tradeSession: [] }]
  if (SIGNED_IN.includes(def.access)) return [{ bearer: [] }]
  if (def.query === SignedQuery) return [{ signedUrl: [] }]
  return []
}

const jsonSchemaOf = (schema: z.ZodMiniType) => {
  const converted: Record<string, unknown> = z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io: 'input',
  })
  // A JSON Schema dialect, which an OpenAPI 3.0 schema object does not take.
  delete converted.$schema
  return converted as OpenAPIV3.SchemaObject
}

/** A multipart call's form: its `file` part beside the table's fields. */
function multipartForm(fields: z.ZodMiniType): OpenAPIV3.SchemaObject {
  const { properties, required = [], ...rest } = jsonSchemaOf(fields)
  return {
    ...rest,
    properties: { file: { type: 'string', format: 'binary' }, ...properties },
    required: ['file', ...required],
  }
}

/** The body the document shows: none for a call that takes none (the app sends none). */
function bodyOf(def: RouteDef, body: unknown) {
  if (def.body === NoBody) return {}
  if (def.multipart && def.body) return { body: multipartForm(def.body) }
  return body === undefined ? {} : { body }
}

/**
 * The route schema's fields the document takes from the table: the operation's id and tag, the
 * credential it takes, and its body as the app sends it.
 */
export function operationFields(name: CallName, def: RouteDef, schema: FastifySchema) {
  const { body, ...rest } = schema
  const tag = tagOf(name)
  return {
    ...rest,
    ...bodyOf(def, body),
    operationId: name,
    ...(tag === undefined ? {} : { tags: [tag] }),
    security: securityOf(def),
  }
}

/** The credentials the operations name (the route schemas' security refers to them). */
export const securitySchemes: Record<string, OpenAPIV3.SecuritySchemeObject> = {
  bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
  tradeSession: {
    type: 'apiKey',
    in: 'cookie',
    name: TRADE_SESSION_COOKIE,
    description: 'The trade session that POST /api/trade/verify sets, for its one bid request.',
  },
  signedUrl: {
    type: 'apiKey',
    in: 'query',
    name: 'sig',
    description: 'The signature of a file address the API gave, beside its expiry (exp).',
  },
}

/** A call's success answers as it sends them, where that is not JSON, and its 304. */
function sentOf(def: RouteDef, responses: OpenAPIV3.ResponsesObject): OpenAPIV3.ResponsesObject {
  const unchanged: OpenAPIV3.ResponsesObject = def.etag
    ? { 304: { description: 'Not Modified: the ETag still holds.' } }
    : {}
  if (!def.sends) return unchanged
  const text: OpenAPIV3.SchemaObject = { type: 'string' }
  const bytes: OpenAPIV3.SchemaObject = { type: 'string', format: 'binary' }
  const content: Record<string, OpenAPIV3.MediaTypeObject> = Object.fromEntries(
    def.sends.map((type) => [type, { schema: type.startsWith('text/') ? text : bytes }]),
  )
  return {
    ...Object.fromEntries(
      Object.entries(responses).map(([status, response]) => [status, { ...response, content }]),
    ),
    ...unchanged,
  }
}

/** The one value null, as OpenAPI 3.0 can say it. */
const NULL_ONLY = { type: 'object', nullable: true, enum: [null] }

/**
 * Null allowed where the converter means it: OpenAPI 3.0 checks `enum` before `nullable`, so a
 * nullable enum needs null among its values; and `nullable` beside a named schema's `allOf`
 * has no type to widen, so a nullable reference is that schema or null.
 */
function nullsAllowed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(nullsAllowed)
  if (value === null || typeof value !== 'object') return value
  const entries = Object.entries(value).map(([key, inner]) => [key, nullsAllowed(inner)])
  const schema = Object.fromEntries(entries) as {
    nullable?: boolean
    enum?: unknown[]
    allOf?: unknown[]
    type?: string
  }
  if (schema.nullable === true && schema.enum && !schema.enum.includes(null))
    schema.enum = [...schema.enum, null]
  if (schema.nullable === true && schema.allOf && schema.type === undefined) {
    const { allOf, ...rest } = schema
    delete rest.nullable
    return { ...rest, anyOf: [...allOf, NULL_ONLY] }
  }
  return schema
}

/** The document with every operation's problems, and the one problem schema they share. */
export function completed(document: OpenAPIV3.Document): OpenAPIV3.Document {
  const paths: OpenAPIV3.PathsObject = {}
  for (const [path, item] of Object.entries(document.paths)) {
    const operations: OpenAPIV3.PathItemObject = { ...item }
    for (const method of ['get', 'put', 'post', 'delete'] as const) {
      const operation = item?.[method]
      const found = callOf(operation?.operationId)
      if (!operation || !found) continue
      const problems = [...refusalsOf(found[1])].map(([status, codes]) => [
        status,
        problemResponse(status, codes),
      ])
      operations[method] = {
        ...operation,
        responses: {
          ...operation.responses,
          ...sentOf(found[1], operation.responses),
          ...Object.fromEntries(problems),
        },
      }
    }
    paths[path] = operations
  }
  const schemas = {
    ...document.components?.schemas,
    Problem: z.toJSONSchema(Problem, { target: 'openapi-3.0' }) as OpenAPIV3.SchemaObject,
  }
  return {
    ...document,
    paths: nullsAllowed(paths) as OpenAPIV3.PathsObject,
    components: {
      ...document.components,
      schemas: nullsAllowed(referenced(paths, schemas)) as typeof schemas,
    },
  }
}

const REF = /"#\/components\/schemas\/([^"]+)"/g

/**
 * The named schemas the operations use, directly or through another: every contract schema is
 * named in both its forms, and most are only ever answered or only ever sent.
 */
function referenced<S>(paths: OpenAPIV3.PathsObject, schemas: Record<string, S>) {
  const used = new Set<string>()
  const visit = (value: unknown) => {
    for (const [, name] of JSON.stringify(value).matchAll(REF))
      if (name && !used.has(name) && name in schemas) {
        used.add(name)
        visit(schemas[name])
      }
  }
  visit(paths)
  return Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)))
}
