import type autocannon from 'autocannon'
import { refreshCookieOf, refreshOnce } from './sessions'

type Session = { cookie: string }
type Headers = autocannon.Request['headers']

function setCookiesOf(headers: Headers): string[] {
  // autocannon passes raw header names (any case) and an array when a header repeats.
  const lines = Object.entries(headers ?? {})
    .filter(([name]) => name.toLowerCase() === 'set-cookie')
    .map(([, value]) => value)
  return lines.flat().filter((line): line is string => typeof line === 'string')
}

/**
 * Signed-in sessions for POST /api/refresh, whose cookie is rotated on every call and whose
 * spent cookie, replayed, revokes the whole sign-in.
 *
 * Why a pool rather than one session per connection's context: autocannon 9 deep-clones ONE
 * `initialContext` into every connection (no per-connection seed) and resets the context to it
 * each time a connection wraps around `requests` (after every request, with one request), so a
 * context cannot carry a rotated cookie to the next request. So each request takes an idle
 * session in setupRequest and returns it, rotated, in onResponse; the context only ties the two
 * together. A session thus serves one request at a time, like one session per connection.
 */
export class RefreshSessions {
  private idle: Session[]
  private readonly busy = new Set<Session>()
  private readonly inFlight = new WeakMap<object, Session>()
  /** Sessions the server refused (non-2xx or no new cookie): they are dropped from the pool. */
  lost = 0

  constructor(cookies: readonly string[]) {
    this.idle = cookies.map((cookie) => ({ cookie }))
  }

  get alive(): number {
    return this.idle.length + this.busy.size
  }

  request(): autocannon.Request {
    return {
      method: 'POST',
      path: '/api/refresh',
      setupRequest: (request, context) => this.checkOut(request, context),
      onResponse: (status, _body, context, headers) => this.checkIn(status, context, headers),
    }
  }

  private checkOut(request: autocannon.Request, context: object): autocannon.Request {
    const session = this.idle.shift()
    // With no session left the request goes without a cookie: its 401 shows in the non-2xx count.
    if (!session) return request
    this.busy.add(session)
    this.inFlight.set(context, session)
    return { ...request, headers: { ...request.headers, cookie: session.cookie } }
  }

  private checkIn(status: number, context: object, headers: Headers): void {
    const session = this.inFlight.get(context)
    if (!session) return
    this.inFlight.delete(context)
    this.busy.delete(session)
    const next = status >= 200 && status < 300 ? refreshCookieOf(setCookiesOf(headers)) : undefined
    if (next === undefined) {
      this.lost += 1
      return
    }
    session.cookie = next
    this.idle.push(session)
  }

  /**
   * After a run, brings back the sessions whose last request was cut off, and refreshes each
   * once in turn: the cut-off request may have been rotated server-side, and replaying its
   * cookie now falls within the server's 10 s grace, which answers the same successor. This
   * also proves every session still works before the next run.
   */
  async settle(origin: string): Promise<void> {
    const sessions = [...this.idle, ...this.busy]
    this.busy.clear()
    this.idle = []
    for (const session of sessions) {
      const next = await refreshOnce(origin, session.cookie)
      if (next === undefined) {
        this.lost += 1
        continue
      }
      session.cookie = next
      this.idle.push(session)
    }
  }
}
