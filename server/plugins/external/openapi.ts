import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import type { OpenAPIV3 } from 'openapi-types'
import { callOf, completed, operationFields, securitySchemes } from '../../lib/openapi-document'

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
          ? completed(document.openapiObject as OpenAPIV3.Document)
          : document.swaggerObject,
    })
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      // The UI brings its own CSP (with hashes for its inline parts); keep our stricter framing rules.
      staticCSP: true,
      transformStaticCSP: (header) =>
        header
          .replace(/frame-ancestors [^;]+/, "frame-ancestors 'none'")
          .replace(/base-uri [^;]+/, "base-uri 'none'")
          .replace(/ ?upgrade-insecure-requests;?/, ''),
    })
  },
  { name: 'openapi' },
)
