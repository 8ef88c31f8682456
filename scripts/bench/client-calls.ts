import type autocannon from 'autocannon'
import type { Session } from './sessions'

/** A signed-in client of the write benches; `index` tells them apart in the bench's own books. */
export type BenchClient = Session & { index: number }

export type Progress = (line: string) => void

/**
 * Calls that read or write the database queue for the server's one connection; autocannon's
 * default of 10 s would count the slowest answers as errors (and resend them) instead of as
 * latency.
 */
export const QUEUED_TIMEOUT_SECONDS = 30

/**
 * Signed-in clients for the builder's write calls: each request takes an idle client in
 * setupRequest and gives it back in onResponse, so a client never has two requests in flight and
 * N connections over N clients are N concurrent clients (see refresh-sessions.ts for why the
 * autocannon context cannot hold a client of its own).
 */
export class ClientPool {
  private idle: BenchClient[] = []
  private readonly inFlight = new WeakMap<object, BenchClient>()

  /**
   * `prefer`: which idle clients to take first. A run of a number of requests ends connection by
   * connection, and a finished connection's client then moves on to a busy one: without a
   * preference it may send more than its share (add-quote: more quotes than its entries hold).
   */
  constructor(
    private readonly clients: readonly BenchClient[],
    private readonly prefer?: (client: BenchClient) => boolean,
  ) {
    this.reset()
  }

  /**
   * Every client idle again: a run ends with one request built, and one client held, on each
   * connection.
   */
  reset(): void {
    this.idle = [...this.clients]
  }

  checkOut(context: object): BenchClient | undefined {
    const preferred = this.prefer ? this.idle.findIndex(this.prefer) : 0
    const [client] = this.idle.splice(Math.max(preferred, 0), 1)
    if (client) this.inFlight.set(context, client)
    return client
  }

  checkIn(context: object): BenchClient | undefined {
    const client = this.inFlight.get(context)
    if (!client) return undefined
    this.inFlight.delete(context)
    this.idle.push(client)
    return client
  }
}

/**
 * `request` sent by an idle client of `pool`, with its Bearer token and whatever `signed` adds
 * for it, the client going back to the pool with the answer.
 */
function pooledRequest(
  pool: ClientPool,
  request: autocannon.Request,
  signed: (client: BenchClient) => Partial<autocannon.Request>,
  answered?: (client: BenchClient, status: number, body: string) => void,
): autocannon.Request {
  return {
    ...request,
    setupRequest: (built, context) => {
      const client = pool.checkOut(context)
      // With no client idle the request goes without a token: its 401 shows in the non-2xx count.
      if (!client) return built
      return {
        ...built,
        headers: { ...built.headers, authorization: `Bearer ${client.token}` },
        ...signed(client),
      }
    },
    onResponse: (status, body, context) => {
      const client = pool.checkIn(context)
      if (client) answered?.(client, status, body)
    },
  }
}

/** A GET as the signed-in client sends it: its Bearer token (and `headers`), nothing to check. */
export const readRequest = (
  pool: ClientPool,
  path: string,
  headers?: Record<string, string>,
): autocannon.Request =>
  pooledRequest(pool, { method: 'GET', path, ...(headers && { headers }) }, () => ({}))

/** A GET revalidated as the app sends it: the client's token and the ETag of the answer it holds. */
export const revalidateRequest = (
  pool: ClientPool,
  path: string,
  etagOf: (client: BenchClient) => string,
): autocannon.Request =>
  pooledRequest(pool, { method: 'GET', path }, (client) => ({
    headers: { authorization: `Bearer ${client.token}`, 'if-none-match': etagOf(client) },
  }))

export type WriteCall = {
  /** PUT unless said otherwise. */
  method?: 'POST' | 'PUT'
  path: string
  /** The client's own path, when the call names one of its rows (e.g. its draw). */
  pathOf?: (client: BenchClient) => string
  /** Whatever a browser on our own origin sends: the CSRF check passes because it is satisfied. */
  origin: string
  body: (client: BenchClient) => unknown
  answered?: (client: BenchClient, status: number, body: string) => void
}

/** A write as the signed-in client sends it: Bearer token, JSON body, our own Origin. */
export function writeRequest(pool: ClientPool, call: WriteCall): autocannon.Request {
  return pooledRequest(
    pool,
    {
      method: call.method ?? 'PUT',
      path: call.path,
      headers: { 'content-type': 'application/json', origin: call.origin },
    },
    (client) => ({
      body: JSON.stringify(call.body(client)),
      ...(call.pathOf ? { path: call.pathOf(client) } : {}),
    }),
    call.answered,
  )
}

/** Runs `work` over `items`, at most `parallel` at a time, in order of start. */
export async function inParallel<T, R>(
  items: readonly T[],
  parallel: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) {
      const item = items[i]
      if (item !== undefined) results[i] = await work(item)
    }
  }
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker))
  return results
}

/** One call outside the load, as the browser sends it; its body, or an error naming the call. */
export async function call(
  origin: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  token: string,
  body?: unknown,
): Promise<Buffer> {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { 'content-type': 'application/json', origin, authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const answer = Buffer.from(await response.arrayBuffer())
  if (!response.ok) {
    throw new Error(`${method} ${path} answered ${response.status}: ${answer.toString('utf8')}`)
  }
  return answer
}
