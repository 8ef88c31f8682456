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

/**
 * The browser features no page of the app uses, off for every page and anything it embeds (a
 * photo is taken with the file input, which needs no camera permission).
 */
const PERMISSIONS_POLICY = [
  'camera',
  'microphone',
  'geolocation',
  'payment',
  'usb',
  'serial',
  'bluetooth',
  'midi',
  'magnetometer',
  'gyroscope',
  'accelerometer',
  'display-capture',
]
  .map((feature) => `${feature}=()`)
  .join(', ')

/**
 * The security headers of every response: a strict CSP (no inline script), nosniff, no referrer
 * leaks, and no powerful browser features.
 */
export const securityHeaders = (publicUrl: string | undefined) => ({
  ...helmetHeaders(helmetOptions(publicUrl?.startsWith('https:') ?? false)),
  'permissions-policy': PERMISSIONS_POLICY,
})

/** Sets the security headers on every routed response (buildApp sets them on the others). */
export default fp(
  async function security(app: FastifyInstance) {
    const headers = securityHeaders(app.settings.PUBLIC_URL)
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers)
      done()
    })
    // A signed-in answer is the caller's own: no cache on the way, nor the browser's disk, keeps
    // it — unless its route says how it may be kept (a file's signed bytes, a revalidated poll).
    app.addHook('onSend', (request, reply, payload, done) => {
      const access = request.routeOptions.config.access
      if (access && access !== 'public' && !reply.hasHeader('cache-control'))
        reply.header('cache-control', 'no-store')
      done(null, payload)
    })
  },
  { name: 'security', dependencies: ['core'] },
)
