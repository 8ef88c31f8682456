import type { z } from 'zod/mini'
import { envelope } from '../../contract'
import { routes, type Access, type CallName, type RouteDef } from '../../contract/routes'
import { routeDocs, type RouteDoc } from '../../contract/routes/docs'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route table's name for this route; the start-up check matches routes by it. */
    call?: string
    /**
     * A multipart route's schema of its fields: the route reads and checks them itself once the
     * stream is read (Fastify validates no multipart body).
     */
    multipart?: z.ZodMiniType
  }
}

type Envelope<D extends z.ZodMiniType> = ReturnType<typeof envelope<D>>

// One envelope per answer schema, so a route's response schema is the same object every time
// and the start-up check can compare it with the table's by identity.
const envelopes = new WeakMap<z.ZodMiniType, z.ZodMiniType>()

/** The `{ Data }` schema of an answer, made once per answer schema. */
export function envelopeOf<D extends z.ZodMiniType>(data: D): Envelope<D> {
  const made = envelopes.get(data) ?? envelope(data)
  envelopes.set(data, made)
  return made as Envelope<D>
}

/** The success statuses of a call: 200 unless the table says otherwise. */
export const statusesOf = (def: RouteDef): readonly (200 | 201)[] => def.statuses ?? [200]

type StatusesOf<D extends RouteDef> = D extends { statuses: readonly (infer S)[] } ? S : 200
type Field<D, K extends string> = D extends { [P in K]: infer S } ? { [P in K]: S } : unknown
type Query<D> = D extends { query: infer S } ? { querystring: S } : unknown
/** A multipart body is read by the route, so Fastify gets no body schema for it. */
type Body<D> = D extends { multipart: true } ? unknown : Field<D, 'body'>
type Config<N extends string, D> = { access: Access; call: N } & (D extends {
  multipart: true
  body: infer S
}
  ? { multipart: S }
  : unknown)

/** The Fastify route options of one table entry, typed so the zod provider types the request. */
export type RouteOptionsOf<N extends string, D extends RouteDef> = {
  method: D['method']
  url: D['path']
  config: Config<N, D>
  schema: { summary: string; description?: string } & Field<D, 'params'> &
    Body<D> &
    Query<D> & { response: { [S in StatusesOf<D>]: Envelope<D['data']> } }
}

/** The route options of `def`, named `name`: for a table other than the contract's (tests). */
export function routeFrom<N extends string, D extends RouteDef>(
  name: N,
  def: D,
  docs: RouteDoc = { summary: name },
): RouteOptionsOf<N, D> {
  const answer = envelopeOf(def.data)
  const response = Object.fromEntries(statusesOf(def).map((status) => [status, answer]))
  const multipart = def.multipart === true
  return {
    method: def.method,
    url: def.path,
    config: {
      access: def.access,
      call: name,
      ...(multipart && def.body !== undefined ? { multipart: def.body } : {}),
    },
    schema: {
      summary: docs.summary,
      ...(docs.description === undefined ? {} : { description: docs.description }),
      ...(multipart ? { consumes: ['multipart/form-data'] } : {}),
      ...(def.params === undefined ? {} : { params: def.params }),
      ...(def.body === undefined || multipart ? {} : { body: def.body }),
      ...(def.query === undefined ? {} : { querystring: def.query }),
      response,
    },
  } as RouteOptionsOf<N, D>
}

/**
 * A call of the contract's route table as Fastify route options: method, url, access and every
 * schema come from the table, so a route adds only its handler:
 * `app.route({ ...routeOf('createCity'), handler })`.
 */
export const routeOf = <N extends CallName>(name: N) =>
  routeFrom(name, routes[name], routeDocs[name])
