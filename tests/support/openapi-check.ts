/**
 * Holds every answer a test gets through `call`/`callRaw` to the API document: its status must
 * be one the call's operation lists, its Content-Type one that status documents, its JSON body
 * valid against that schema and its required headers present. The document is read once per
 * process, and each schema compiled the first time an answer needs it.
 */
import { Ajv, type ValidateFunction } from 'ajv'
import type { LightMyRequestResponse } from 'fastify'
import type { OpenAPIV3 } from 'openapi-types'
import { expect } from 'vitest'
import type { TestApp } from './build'

type Checker = {
  components: OpenAPIV3.ComponentsObject | undefined
  operations: Map<string, OpenAPIV3.OperationObject>
  validators: Map<string, ValidateFunction>
}

let checker: Checker | null = null

function checkerOf(t: TestApp): Checker {
  if (checker) return checker
  const document = t.app.swagger() as OpenAPIV3.Document
  const operations = new Map<string, OpenAPIV3.OperationObject>()
  for (const item of Object.values(document.paths))
    for (const operation of [item?.get, item?.put, item?.post, item?.delete])
      if (operation?.operationId) operations.set(operation.operationId, operation)
  checker = { components: document.components, operations, validators: new Map() }
  return checker
}

// OpenAPI 3.0's schemas: `nullable` and its formats are its own, the patterns are what check.
const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true })

const isJson = (type: string) => type === 'application/json' || type.endsWith('+json')

function validatorOf(found: Checker, key: string, schema: object): ValidateFunction {
  const made = found.validators.get(key) ?? ajv.compile({ ...schema, components: found.components })
  found.validators.set(key, made)
  return made
}

/** Fails the test when the answer to the call `name` is not one its operation documents. */
export function expectDocumented(t: TestApp, name: string, res: LightMyRequestResponse) {
  const found = checkerOf(t)
  const operation = found.operations.get(name)
  expect(operation, `${name} is not in the API document`).toBeDefined()
  const status = String(res.statusCode)
  const response = operation?.responses[status] as OpenAPIV3.ResponseObject | undefined
  expect(response, `${name} answered ${status}, which the API document does not list`).toBeDefined()
  if (!response) return
  for (const [header, spec] of Object.entries(response.headers ?? {}))
    if ((spec as OpenAPIV3.HeaderObject).required)
      expect(res.headers[header.toLowerCase()], `${name} ${status} ${header}`).toBeDefined()
  if (!response.content) {
    expect(res.body, `${name} ${status} has no documented body`).toBe('')
    return
  }
  const type = String(res.headers['content-type'] ?? '')
    .split(';')[0]
    ?.trim()
  const media = type ? response.content[type] : undefined
  expect(media, `${name} ${status} answered ${type}, not a documented type`).toBeDefined()
  // A compressed body is checked by the tests that ask for one; its schema is the same.
  if (!type || !media?.schema || !isJson(type) || res.headers['content-encoding']) return
  const validate = validatorOf(found, `${name} ${status} ${type}`, media.schema)
  const body: unknown = res.json()
  expect(
    validate(body) ? [] : validate.errors,
    `${name} ${status} ${type} is not as the API document says`,
  ).toEqual([])
}
