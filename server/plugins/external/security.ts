import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'

function helmetOptions(https: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 63_072_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  }
}

/**
 * The headers helmet sets for these options. They depend on nothing in the request, so helmet
 * runs once at start-up instead of rebuilding the CSP string on every response.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers = new Map<string, string>()
  const response = {
    setHeader: (name: string, value: string) => void headers.set(name.toLowerCase(), value),
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
  }
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error) throw error
  })
  return Object.fromEntries(headers)
}

/** The security headers of every response: a strict CSP (no inline script), nosniff, no referrer leaks. */
export const securityHeaders = (publicUrl: string | undefined) =>
  helmetHeaders(helmetOptions(publicUrl?.startsWith('https:') ?? false))

/** Sets the security headers on every routed response (buildApp sets them on the others). */
export default fp(
  async function security(app: FastifyInstance) {
    const headers = securityHeaders(app.settings.PUBLIC_URL)
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers)
      done()
    })
  },
  { name: 'security', dependencies: ['core'] },
)
