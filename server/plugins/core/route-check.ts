import type { FastifyInstance, RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import { routes, type RouteDef } from '../../../contract/routes'
import { envelopeOf, statusesOf } from '../../lib/route-of'

type Registered = Pick<RouteOptions, 'method' | 'url' | 'config' | 'schema'>

// The OpenAPI document and its UI are served under /api but are not calls of the contract.
const isApi = (url: string) => url.startsWith('/api') && !url.startsWith('/api/docs')
const methodsOf = (route: Registered) => [route.method].flat().map(String)

/** How one registration differs from its table entry; empty when it is the entry exactly. */
function differences(def: RouteDef, route: Registered): string[] {
  const found: string[] = []
  const methods = methodsOf(route)
  if (route.url !== def.path || methods.length !== 1 || methods[0] !== def.method)
    found.push(`is ${methods.join(',')} ${route.url}, not ${def.method} ${def.path}`)
  if (route.config?.access !== def.access)
    found.push(`has access ${String(route.config?.access)}, not ${def.access}`)
  const schema = route.schema ?? {}
  if (schema.params !== def.params) found.push('has other params')
  if (schema.querystring !== def.query) found.push('has another query')
  // A multipart route checks its fields itself, with the table's schema of them.
  const multipart = def.multipart === true
  if (schema.body !== (multipart ? undefined : def.body)) found.push('has another body')
  if (route.config?.multipart !== (multipart ? def.body : undefined))
    found.push(multipart ? 'does not read multipart with the table’s fields' : 'reads multipart')
  const response = (schema.response ?? {}) as Record<string, unknown>
  const statuses = statusesOf(def).map(String)
  const answer = envelopeOf(def.data)
  if (
    Object.keys(response).sort().join() !== [...statuses].sort().join() ||
    statuses.some((status) => response[status] !== answer)
  )
    found.push(`answers other than ${statuses.join(' or ')} with the table's data`)
  return found
}

/** Every way the registered /api routes and the table disagree, one line each. */
export function tableMismatches(table: Record<string, RouteDef>, registered: Registered[]) {
  const problems: string[] = []
  const byCall = new Map<string, Registered[]>()
  const getPaths = new Set(
    Object.values(table).flatMap((d) => (d.method === 'GET' ? [d.path] : [])),
  )
  for (const route of registered) {
    if (!isApi(route.url)) continue
    // Fastify adds a HEAD route beside every GET one.
    if (methodsOf(route).every((m) => m === 'HEAD') && getPaths.has(route.url)) continue
    const call = route.config?.call
    if (call === undefined || !Object.hasOwn(table, call)) {
      problems.push(`${methodsOf(route).join(',')} ${route.url} is not in the route table`)
      continue
    }
    byCall.set(call, [...(byCall.get(call) ?? []), route])
  }
  for (const [name, def] of Object.entries(table)) {
    const found = byCall.get(name) ?? []
    if (found.length === 0) problems.push(`${name} (${def.method} ${def.path}) is not registered`)
    if (found.length > 1) problems.push(`${name} is registered ${found.length} times`)
    for (const route of found)
      for (const difference of differences(def, route)) problems.push(`${name} ${difference}`)
  }
  return problems
}

/**
 * The start-up check of pattern 8: every call of the table is registered exactly as the table
 * says (method, path, access, schemas), and no /api route is registered that it does not list.
 * `app.ready()` (and so `listen`) rejects naming each call that is not.
 */
export default fp(
  async function routeCheck(app: FastifyInstance, opts: { table?: Record<string, RouteDef> }) {
    const table = opts.table ?? routes
    const registered: Registered[] = []
    app.addHook('onRoute', (route) => {
      registered.push(route)
    })
    app.addHook('onReady', async () => {
      const problems = tableMismatches(table, registered)
      if (problems.length > 0)
        throw new Error(`The routes do not match the route table:\n- ${problems.join('\n- ')}`)
    })
  },
  { name: 'route-check' },
)
