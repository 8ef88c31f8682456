import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod'
import type { OpenAPIV3 } from 'openapi-types'
import { componentRegistry } from '../../lib/openapi-components'
import { callOf, completed, operationFields, securitySchemes } from '../../lib/openapi-document'

const zodToJsonConfig = { target: 'openapi-3.0' } as const
const jsonSchemaTransform = createJsonSchemaTransform({
  schemaRegistry: componentRegistry,
  zodToJsonConfig,
})
const withComponents = createJsonSchemaTransformObject({
  schemaRegistry: componentRegistry,
  zodToJsonConfig,
})

/** The OpenAPI document, generated from the contract's zod schemas: /api/docs/json and /api/docs. */
export default fp(
  async function openapi(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'PoolPath API',
          version: '1.0.0',
          description:
            'Success bodies are { "Data": … }; every error is application/problem+json (RFC 9457).',
        },
        components: { securitySchemes },
      },
      transform: (input) => {
        const transformed = jsonSchemaTransform(input)
        const found = callOf(input.route.config?.call)
        if (!found) return transformed
        return { ...transformed, schema: operationFields(...found, transformed.schema) }
      },
      transformObject: (document) =>
        'openapiObject' in document
          ? completed(withComponents(document) as OpenAPIV3.Document)
          : document.swaggerObject,
    })
    // The page's assets are served from the app, with no inline script or style: it takes the
    // app's own policy (the security hook's headers), and loads no validator badge from outside.
    await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { validatorUrl: null } })
  },
  { name: 'openapi' },
)
