import type autocannon from 'autocannon'
import type { Session } from './sessions'

/** A signed-in client of the write benches; `index` tells them apart in the bench's own books. */
export type BenchClient = Session & { index: number }

/**
 * Signed-in clients for the builder's write calls: each request takes an idle client in
 * setupRequest and gives it back in onResponse, so a client never has two requests in flight and
 * N connections over N clients are N concurrent clients (see refresh-sessions.ts for why the
 * autocannon context cannot hold a client of its own).
 */
export class ClientPool {
  private idle: BenchClient[] = []
  private readonly inFlight = new WeakMap<object, BenchClient>()

  constructor(private readonly clients: readonly BenchClient[]) {
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
    const client = this.idle.shift()
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
  return {
    method: call.method ?? 'PUT',
    path: call.path,
    headers: { 'content-type': 'application/json', origin: call.origin },
    setupRequest: (request, context) => {
      const client = pool.checkOut(context)
      // With no client idle the request goes without a token: its 401 shows in the non-2xx count.
      if (!client) return request
      return {
        ...request,
        headers: { ...request.headers, authorization: `Bearer ${client.token}` },
        body: JSON.stringify(call.body(client)),
        ...(call.pathOf ? { path: call.pathOf(client) } : {}),
      }
    },
    onResponse: (status, body, context) => {
      const client = pool.checkIn(context)
      if (client) call.answered?.(client, status, body)
    },
  }
}
