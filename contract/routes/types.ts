/** The shape of the route table's entries (see index.ts). */
import type { z } from 'zod/mini'

/**
 * Who may make a call: public — anyone; user — any signed-in user; client — role CLIENT;
 * builder — a CLIENT whose city we serve (Flag); admin — role ADMIN; manager — role MANAGER;
 * staff — ADMIN or MANAGER (a manager reaching only its assigned projects); trade — a trade
 * session (its cookie alone, never an access token), for its one bid request.
 */
export type Access =
  'public' | 'user' | 'client' | 'builder' | 'admin' | 'manager' | 'staff' | 'trade'

export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** The statuses of the refusals a call's access, params, query and body do not imply. */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 410 | 429

/** A call's own refusals: the problem codes it can answer, by status. */
export type Refusals = { readonly [S in RefusalStatus]?: readonly string[] }

export type RouteDef = {
  method: RouteMethod
  /** Fastify's form: `:id` stands for a path parameter. */
  path: string
  access: Access
  params?: z.ZodMiniType
  body?: z.ZodMiniType
  /** The query string's parameters. */
  query?: z.ZodMiniType
  /** The body arrives as multipart/form-data: a `file` part beside the fields of `body`. */
  multipart?: true
  /** The media types of an answer that is not JSON (a calendar, a page, a file's bytes). */
  sends?: readonly string[]
  /** The schema of the answer's `Data`. */
  data: z.ZodMiniType
  /**
   * How the app reads `Data` where it takes more than the server sends (the seed's other
   * spellings), to the same output as `data`; `data` itself otherwise.
   */
  accept?: z.ZodMiniType
  /** The success statuses; 200 unless said. */
  statuses?: readonly (200 | 201)[]
  /** Sends an ETag, and answers 304 with no body to a matching If-None-Match. */
  etag?: true
  /** Sends the temporary token of a login in a `Temp-Token` header. */
  tempToken?: true
  /**
   * The refusals beside those every call of its kind answers (400, 401, 403, 404, 413, 415):
   * its conflicts' codes, a gone link, a 404 without an id; 429 for a rate-limited call.
   */
  refuses?: Refusals
}
