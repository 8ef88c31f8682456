import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { routes, type Access, type CallName } from '../../contract/routes'
import { json, signInAdmin } from '../support/http'
import { austinPerTest } from './client-kit'
import { setToday } from './timeline-kit'
import { bidRequest, tradeSignIn } from './trade-kit'
import { signedInManager } from './messages-kit'

/**
 * Who may make each call of the route table, by its declared access: the kinds of caller against
 * every call that is not public. A refused caller is told 401 (no credential it may use here) or
 * 403 (the wrong role); an allowed one gets past the access hook, whatever the call then answers
 * to the empty input. A manager is a user: it may make the calls any signed-in user makes.
 */
type Caller = 'owner' | 'admin' | 'manager' | 'stranger' | 'trade' | 'nobody'
const ALLOWED: Record<Exclude<Access, 'public'>, readonly Caller[]> = {
  user: ['owner', 'admin', 'manager', 'stranger'],
  client: ['owner'],
  builder: ['owner'],
  admin: ['admin'],
  manager: ['manager', 'stranger'],
  staff: ['admin', 'manager', 'stranger'],
  trade: ['trade'],
}
const signedIn = (over: Partial<Record<Exclude<Access, 'public'>, number>>) => ({
  user: 0,
  client: 403,
  builder: 403,
  admin: 403,
  manager: 403,
  staff: 403,
  trade: 401,
  ...over,
})
/** What a refused caller is told: a trade session's cookie is nobody outside /api/trade. */
const REFUSAL: Record<Caller, Record<Exclude<Access, 'public'>, number>> = {
  owner: signedIn({ client: 0, builder: 0 }),
  admin: signedIn({ admin: 0, staff: 0 }),
  manager: signedIn({ manager: 0, staff: 0 }),
  stranger: signedIn({ manager: 0, staff: 0 }),
  trade: { user: 401, client: 401, builder: 401, admin: 401, manager: 401, staff: 401, trade: 0 },
  nobody: {
    user: 401,
    client: 401,
    builder: 401,
    admin: 401,
    manager: 401,
    staff: 401,
    trade: 401,
  },
}

const { t, client } = austinPerTest()

const guarded = (Object.keys(routes) as CallName[])
  .filter((name) => routes[name].access !== 'public')
  // Signing out ends the session the calls after it would use.
  .sort((a, b) => Number(a === 'tradeSignOut') - Number(b === 'tradeSignOut'))

const urlOf = (path: string, clientId: string = crypto.randomUUID()) =>
  path.replace(/:\w+/g, (param) => (param === ':clientId' ? clientId : crypto.randomUUID()))

/** A manager assigned to the client's project, and one assigned to none. */
const MO = { name: 'Mo Manager', email: 'mo@build.example' }
const SAL = { name: 'Sal Stranger', email: 'sal@build.example' }

/** What reach answers a caller who may not reach the project (assignments.ts). */
const NOT_REACHED = 'No such project.'

describe('the access matrix of the route table', () => {
  it('lets each kind of caller make exactly the calls its access allows', async () => {
    setToday(t, '2030-03-01')
    const trade = await tradeSignIn(t, (await bidRequest(t, client)).token)
    const manager = await signedInManager(t, { ...MO, assignedTo: client.id })
    const callers: Record<Caller, Record<string, string>> = {
      owner: client.headers,
      admin: (await signInAdmin(t)).headers,
      manager: manager.headers,
      stranger: (await signedInManager(t, SAL)).headers,
      trade: trade.headers,
      nobody: {},
    }
    for (const caller of Object.keys(callers) as Caller[]) {
      for (const name of guarded) {
        const { method, path, access } = routes[name]
        if (access === 'public') continue
        const body = method === 'GET' ? undefined : {}
        const res = await json(t.app, method, urlOf(path), body, callers[caller])
        const code = res.statusCode === 401 || res.statusCode === 403 ? res.json().code : null
        const refused = code === 'UNAUTHENTICATED' || code === 'FORBIDDEN'
        const expected = ALLOWED[access].includes(caller) ? 0 : REFUSAL[caller][access]
        expect(`${caller} ${name}: ${refused ? res.statusCode : 0}`, res.body).toBe(
          `${caller} ${name}: ${expected}`,
        )
      }
    }
  })
})

describe("the reach of a project's calls", () => {
  it('lets its assigned manager past and answers an unassigned one 404, for every :clientId call', async () => {
    const manager = await signedInManager(t, { ...MO, assignedTo: client.id })
    const stranger = await signedInManager(t, SAL)
    const projectCalls = guarded.filter((name) => routes[name].path.includes(':clientId'))
    expect(projectCalls).toContain('enterQuote')
    for (const name of projectCalls) {
      const { method, path } = routes[name]
      const body = method === 'GET' ? undefined : {}
      const url = urlOf(path, client.id)
      const reached = await json(t.app, method, url, body, manager.headers)
      expect(`${name}: ${reached.json().detail}`, reached.body).not.toBe(`${name}: ${NOT_REACHED}`)
      const refused = await json(t.app, method, url, body, stranger.headers)
      expect(refused.statusCode, refused.body).toBe(404)
      expect(refused.json()).toMatchObject({ code: 'NOT_FOUND', detail: NOT_REACHED })
    }
  })
})
